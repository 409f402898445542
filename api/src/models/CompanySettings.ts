import mongoose, { Schema } from 'mongoose';

/**
 * The company's details (shared/company.ts), one document (`_id: 'company'`). Absent until the office
 * first saves them: the defaults are shown till then. `version` counts saves, so every instance can
 * tell a newer copy from the one it holds.
 */
const companySettingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    value: { type: Schema.Types.Mixed, required: true },
    version: { type: Number, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);

export interface CompanySettingsDoc {
  _id: string;
  value: unknown;
  version: number;
  updatedAt: Date;
}
export const CompanySettings = mongoose.model('CompanySettings', companySettingsSchema);
