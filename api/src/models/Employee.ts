import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED, type Stamped, tokenVersion } from './stamps';
import { trackWriteVersion } from './write-version';

export const STAFF_ROLES = ['employee', 'admin', 'super-admin'] as const;

const employeeSchema = new Schema(
  {
    email: { type: String, required: true, unique: true, lowercase: true, trim: true },
    name: { type: String, required: true, trim: true },
    // Unset until an invited person chooses their password through the invitation link.
    passwordHash: { type: String },
    role: { type: String, enum: STAFF_ROLES, default: 'employee' },
    phone: String,
    address: String,
    post_code: String,
    area_serves: String,
    best_suited_for: String,
    has_own_car: { type: Boolean, default: false },
    is_active: { type: Boolean, default: true },
    last_login: Date,
    // What the office pays this person per hour, in integer pence (null: not set yet); the payroll CSV's pay.
    pay_rate_pence: { type: Number, default: null },
    // When they last opened "What we told you" (the server's clock): the bell counts notices sent after it, on every device.
    notices_seen_at: { type: Date, default: null },
    // The minimum wage's facts (shared/minimum-wage.ts), set by the office and read by the office only:
    // never in another cleaner's view, a log line or the audit log's values.
    date_of_birth: { type: String, default: null },
    wage_band: { type: String, default: null },
    // Irregular hours (the usual cleaner): holiday accrues at 12.07% of the hours worked.
    irregular_hours: { type: Boolean, default: true },
    tokenVersion,
  },
  STAMPED,
);

export type EmployeeDoc = InferSchemaType<typeof employeeSchema> & Stamped;
// Visit lists and the office schedule are kept per write version (lib/versioned-cache.ts).
trackWriteVersion(employeeSchema, 'employees');
export const Employee = mongoose.model('Employee', employeeSchema);
