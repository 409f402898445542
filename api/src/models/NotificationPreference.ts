import mongoose, { Schema } from 'mongoose';
import { NOTIFY_KINDS } from '@shared/schemas/notifications';

/**
 * One person's choices, per kind of notice, for e-mail and for push, and when each kind was last chosen
 * (`chosen_at`, the server's clock: the record of a marketing consent). `_id` is "customer:{id}" or
 * "employee:{id}"; a person without a document has the defaults (notify/preferences.ts: e-mail on, push
 * on once subscribed; marketing off until the person ticks it). Kinds not set are the defaults too.
 */
const flags = new Schema({ email: Boolean, push: Boolean, chosen_at: Date }, { _id: false });
const preferenceSchema = new Schema(
  { _id: { type: String }, ...Object.fromEntries(NOTIFY_KINDS.map((k) => [k, { type: flags, default: undefined }])) },
  { versionKey: false, timestamps: { createdAt: false, updatedAt: 'updated_at' } },
);

export const NotificationPreference = mongoose.model('NotificationPreference', preferenceSchema);
