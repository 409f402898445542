import mongoose, { Schema } from 'mongoose';
import { NOTIFY_KINDS } from '@shared/schemas/notifications';

/**
 * One person's choices, per kind of notice, for e-mail and for push. `_id` is "customer:{id}" or
 * "employee:{id}"; a person without a document has the defaults (e-mail on, push on once subscribed).
 * Kinds not set are the defaults too, so a kind added later starts on.
 */
const flags = new Schema({ email: { type: Boolean, default: true }, push: { type: Boolean, default: true } }, { _id: false });
const preferenceSchema = new Schema(
  { _id: { type: String }, ...Object.fromEntries(NOTIFY_KINDS.map((k) => [k, { type: flags, default: undefined }])) },
  { versionKey: false, timestamps: { createdAt: false, updatedAt: 'updated_at' } },
);

export const NotificationPreference = mongoose.model('NotificationPreference', preferenceSchema);
