// What a person was told: one row per notice sent through notify (notify/notify.ts), kept so the customer's
// account and the cleaner's portal can list them ("What was I told?"), newest first.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED, type Stamped } from './stamps';

const noticeSchema = new Schema(
  {
    person_type: { type: String, enum: ['customer', 'employee'], required: true },
    person_id: { type: Schema.Types.ObjectId, required: true },
    // A NotifyKind, or 'transactional' (codes, resets, receipts: sent whatever the preferences say).
    kind: { type: String, required: true },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    url: { type: String, default: '' },
    // How it reached them: by e-mail, and on how many devices.
    email: { type: Boolean, default: false },
    pushed: { type: Number, default: 0 },
    // The server's clock (clock.ts) when it was sent: the list's order.
    sent_at: { type: Date, required: true },
  },
  STAMPED,
);
// Each person's list, newest first.
noticeSchema.index({ person_type: 1, person_id: 1, sent_at: -1, _id: -1 });

export type NoticeDoc = InferSchemaType<typeof noticeSchema> & Stamped;
export const Notice = mongoose.model('Notice', noticeSchema);
