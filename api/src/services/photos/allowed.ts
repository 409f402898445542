// Whether the cleaner may take photos at this visit: the customer can turn photos off for a home
// (privacy). Until homes exist every visit allows them; this is the one place that decides.
import type mongoose from 'mongoose';

export interface VisitRef {
  _id: mongoose.Types.ObjectId | string;
  plan: mongoose.Types.ObjectId | string;
}

export async function photosAllowed(_visit: VisitRef): Promise<boolean> {
  return true;
}
