import mongoose, { Schema } from 'mongoose';
import { INBOX_SEARCHED, indexInbox, inboxFields } from './inbox-fields';
import { STAMPED } from './stamps';

/**
 * A "Not happy — re-clean" case in the office's inbox: a visit rated 2★ or less, with its customer (the
 * sender), when it was, who cleaned, the stars and the comment. One per rating; closed by marking it handled.
 */
const lowRatingCaseSchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    phone: String,
    rating: { type: Schema.Types.ObjectId, ref: 'Rating', required: true, unique: true },
    visit: { type: Schema.Types.ObjectId, ref: 'Visit', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User' },
    visit_when: { type: String, required: true },
    reference: String,
    cleaner: String,
    stars: { type: Number, required: true },
    comment: String,
    ...inboxFields,
  },
  STAMPED,
);

indexInbox(lowRatingCaseSchema, INBOX_SEARCHED.reclean);

export const LowRatingCase = mongoose.model('LowRatingCase', lowRatingCaseSchema, 'low_rating_cases');
