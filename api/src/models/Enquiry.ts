import mongoose, { Schema } from 'mongoose';
import { INBOX_SEARCHED, indexInbox, inboxFields } from './inbox-fields';
import { STAMPED } from './stamps';

/** A quote enquiry from the public enquiry form. */
const enquirySchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    phone: String,
    service: { type: String, required: true },
    date: String,
    postcode: String,
    location: String,
    bedrooms: Number,
    bathrooms: Number,
    appliances: Number,
    receptions: Number,
    details: String,
    commercialCleaners: Number,
    hours: Number,
    consent: { type: Boolean, required: true },
    ip: String,
    ...inboxFields,
  },
  STAMPED,
);

indexInbox(enquirySchema, INBOX_SEARCHED.enquiry);

export const Enquiry = mongoose.model('Enquiry', enquirySchema);
