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
    tokenVersion,
  },
  STAMPED,
);

export type EmployeeDoc = InferSchemaType<typeof employeeSchema> & Stamped;
// Visit lists and the office schedule are kept per write version (lib/versioned-cache.ts).
trackWriteVersion(employeeSchema, 'employees');
export const Employee = mongoose.model('Employee', employeeSchema);

