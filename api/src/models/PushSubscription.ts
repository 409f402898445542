import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED } from './stamps';

/**
 * One device's Web Push subscription for one person. The endpoint is unique: a device signed in by
 * someone else moves to them (a shared tablet never notifies its previous user). The push service
 * answering 404/410 for it removes it (notify/push.ts).
 */
const pushSubscriptionSchema = new Schema(
  {
    person_type: { type: String, enum: ['customer', 'employee'], required: true },
    person_id: { type: Schema.Types.ObjectId, required: true },
    endpoint: { type: String, required: true, unique: true, maxlength: 1024 },
    p256dh: { type: String, required: true, maxlength: 200 },
    auth: { type: String, required: true, maxlength: 100 },
    user_agent: { type: String, default: '', maxlength: 300 },
    last_sent_at: { type: Date, default: null },
  },
  { ...STAMPED, versionKey: false },
);
pushSubscriptionSchema.index({ person_type: 1, person_id: 1 });

export type PushSubscriptionDoc = InferSchemaType<typeof pushSubscriptionSchema> & { _id: mongoose.Types.ObjectId; };
export const PushSubscription = mongoose.model('PushSubscription', pushSubscriptionSchema);
