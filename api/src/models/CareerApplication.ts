import mongoose, { Schema } from 'mongoose';
import { INBOX_SEARCHED, indexInbox, inboxFields } from './inbox-fields';
import { STAMPED } from './stamps';

/** GridFS bucket holding CVs; the file name there is `cv.stored_name`. */
export const CV_BUCKET = 'cv';

/** A job application from the career form, with an optional CV. */
const careerApplicationSchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    phone: String,
    position: { type: String, required: true },
    message: String,
    cv: {
      type: new Schema(
        {
          stored_name: { type: String, required: true },
          original_name: String,
          content_type: String,
          size: Number,
        },
        { _id: false },
      ),
      required: false,
    },
    ip: String,
    ...inboxFields,
  },
  STAMPED,
);

indexInbox(careerApplicationSchema, INBOX_SEARCHED.career);

export const CareerApplication = mongoose.model('CareerApplication', careerApplicationSchema);
