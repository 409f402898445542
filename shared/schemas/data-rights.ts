// Data rights: closing an account, the office's data requests. The contract between the
// routes (which validate with these) and the PWA's forms.
import { z } from 'zod';
import { DATA_RIGHTS_MSG as M } from '../messages-data-rights';
import { email } from './common';
import { pageQuery } from './office';

/** The password, or for an account without one (Google) the e-mailed code. At least one is required. */
export const closeAccountSchema = z
  .strictObject({
    password: z.string().max(200).optional(),
    code: z.string().trim().max(20).optional(),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.code), { message: M.passwordRequired, path: ['password'] });
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

export const DATA_SUBJECT_KINDS = ['customer', 'applicant'] as const;
export const officeDataRequestSchema = z.strictObject({
  email,
  kind: z.enum(DATA_SUBJECT_KINDS, { error: 'Choose a customer or an applicant' }),
});
export const eraseApplicantSchema = z.strictObject({ email });

export const dataRequestsQuerySchema = z.object({ ...pageQuery });

export const DATA_REQUEST_KINDS = ['export', 'close', 'erase'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

/** One row of the office's "Data requests" list. */
export interface DataRequestRow {
  id: string;
  at: string;
  kind: DataRequestKind;
  subject: { type: 'customer' | 'employee' | 'applicant'; id?: string; label?: string; };
  /** Who asked: the person themselves, or an office member by name. */
  by: { type: 'self' | 'office' | 'system'; name?: string; };
  /** A prepared export: e-mailed as a link, downloaded, or expired. */
  state?: string;
}
