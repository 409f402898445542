// A customer's home: where a plan's visits happen and what the cleaner needs at the door. access_notes,
// keys and alarm_code hold sealed text only (lib/field-crypto.ts); services/homes/ seals and opens them.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED, type Stamped } from './stamps';
import { trackWriteVersion } from './write-version';

const homeSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    label: { type: String, required: true },
    address: { type: String, default: '' },
    postcode: { type: String, default: '' },
    // Sealed (AES-256-GCM): shown to the visit's own cleaner on the visit's day, the office and the customer.
    access_notes: { type: String, default: '' },
    keys: { type: String, default: '' },
    alarm_code: { type: String, default: '' },
    parking: { type: String, default: '' },
    pets: { type: String, default: '' },
    // The customer's choice: whether cleaners may photograph visits here.
    photos_allowed: { type: Boolean, default: true },
  },
  STAMPED,
);
// A customer's homes in the order they were added.
homeSchema.index({ user: 1, created_at: 1 });

export type HomeDoc = InferSchemaType<typeof homeSchema> & Stamped;
// The cleaner's visits list is kept per write version: a changed note is read at once.
trackWriteVersion(homeSchema, 'homes');
export const Home = mongoose.model('Home', homeSchema);
