import mongoose, { Schema } from 'mongoose';
import { INBOX_SEARCHED, indexInbox, inboxFields } from './inbox-fields';
import { STAMPED } from './stamps';

/** A message from the public contact form. */
const contactMessageSchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    phone: String,
    message: { type: String, required: true },
    ip: String,
    ...inboxFields,
  },
  STAMPED,
);

indexInbox(contactMessageSchema, INBOX_SEARCHED.contact);

export const ContactMessage = mongoose.model('ContactMessage', contactMessageSchema);
