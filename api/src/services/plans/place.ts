// Where a plan's visits happen, as a cleaner who now has one is told it: the address and the postcode.
import mongoose from 'mongoose';
import { formatPostcode } from '@shared/postcode';
import { Booking } from '../../models/Booking';
import { User } from '../../models/User';

export async function placeOf(planId: string | undefined): Promise<string> {
  if (!planId || !mongoose.isValidObjectId(planId)) return '';
  const b = await Booking.findById(planId, { address: 1, postcode: 1, user: 1 }).lean();
  if (!b) return '';
  const address = b.address || (await User.findById(b.user, { address: 1 }).lean())?.address || '';
  return [address, b.postcode ? formatPostcode(b.postcode) : ''].filter(Boolean).join(', ');
}
