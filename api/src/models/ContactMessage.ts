import mongoose, { Schema } from 'mongoose';
import { inboxFields } from './inbox-fields';

/** A message from the public contact form (spec §3 "Contact message"). */
const contactMessageSchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    phone: String,
    message: { type: String, required: true },
    ip: String,
    ...inboxFields,
  },
  { timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } as const },
);

export const ContactMessage = mongoose.model('ContactMessage', contactMessageSchema);
