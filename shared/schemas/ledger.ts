// The books' contract: a payment the office records, a bank import's line matched by hand, the
// accountant's export, the company's bank details and the customer's balance answer.
import { z } from 'zod';
import { LEDGER_MSG } from '../messages-ledger';
import { monthSchema } from './statements';
import { objectId } from './common';
import { pagingQuerySchema } from './paging';

export const OFFICE_PAYMENT_METHODS = ['bank_transfer', 'cash', 'cheque'] as const;
export const LEDGER_REFERENCE_MAX = 100;
export const LEDGER_NOTE_MAX = 500;
/** A payment above this is a typing slip, not a cleaning bill. */
export const LEDGER_AMOUNT_MAX = 10_000_000;

const isoDay = z
  .string({ error: LEDGER_MSG.dateInvalid })
  .max(10, { message: LEDGER_MSG.dateInvalid, abort: true })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: LEDGER_MSG.dateInvalid, abort: true })
  // 31 April and 29 February of a common year pass the pattern: the calendar says no.
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, LEDGER_MSG.dateInvalid);

const pence = z.number({ error: LEDGER_MSG.amountInvalid }).int(LEDGER_MSG.amountInvalid).min(1, LEDGER_MSG.amountInvalid).max(
  LEDGER_AMOUNT_MAX,
  LEDGER_MSG.amountInvalid,
);

/** POST /api/admin/customers/{id}/payments */
export const officePaymentSchema = z.strictObject({
  method: z.enum(OFFICE_PAYMENT_METHODS, { error: LEDGER_MSG.methodInvalid }),
  amount_pence: pence,
  date: isoDay,
  reference: z.string().trim().max(LEDGER_REFERENCE_MAX, LEDGER_MSG.referenceTooLong(LEDGER_REFERENCE_MAX)).optional(),
  note: z.string().trim().max(LEDGER_NOTE_MAX, LEDGER_MSG.noteTooLong(LEDGER_NOTE_MAX)).optional(),
});
export type OfficePaymentInput = z.infer<typeof officePaymentSchema>;

/** POST /api/admin/bank-imports/{id}/lines/{n}/match */
export const bankLineMatchSchema = z.strictObject({ customer_id: objectId });

/** GET /api/admin/bank-imports */
export const bankImportsQuerySchema = pagingQuerySchema;

/** GET /api/user/balance */
export const balanceQuerySchema = pagingQuerySchema;

export const EXPORT_FORMATS = ['xero', 'quickbooks'] as const;
export const EXPORT_PARTS = ['sales', 'payments'] as const;
/** GET /api/admin/accounts/export */
export const accountsExportQuerySchema = z.strictObject({
  month: monthSchema,
  format: z.enum(EXPORT_FORMATS, { error: LEDGER_MSG.exportFormatInvalid }).default('xero'),
  part: z.enum(EXPORT_PARTS, { error: LEDGER_MSG.exportPartInvalid }).default('sales'),
});

/** The company's bank account, printed on statements and overdue reminders (office → Settings). */
export const bankDetailsSchema = z.strictObject({
  account_name: z.string().trim().max(60, LEDGER_MSG.accountNameTooLong),
  sort_code: z
    .string()
    .trim()
    .max(10, { message: LEDGER_MSG.sortCodeInvalid, abort: true })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .refine((s) => s === '' || /^\d{6}$/.test(s), LEDGER_MSG.sortCodeInvalid),
  account_number: z
    .string()
    .trim()
    .max(12, { message: LEDGER_MSG.accountNumberInvalid, abort: true })
    .transform((s) => s.replace(/\s/g, ''))
    .refine((s) => s === '' || /^\d{8}$/.test(s), LEDGER_MSG.accountNumberInvalid),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;
export const NO_BANK_DETAILS: BankDetails = { account_name: '', sort_code: '', account_number: '' };

/** "12-34-56". */
export const formatSortCode = (s: string) => (s.length === 6 ? `${s.slice(0, 2)}-${s.slice(2, 4)}-${s.slice(4)}` : s);

/** One line of the customer's account: a charge (a visit or a late charge) or a payment (a refund is negative). */
export interface BalanceLine {
  date: string;
  kind: 'charge' | 'payment';
  description: string;
  amount_pence: number;
  reference: string | null;
  month: string;
}

export interface BalanceAnswer {
  /** Charges less payments; negative when the customer is in credit. */
  owed_pence: number;
  charged_pence: number;
  paid_pence: number;
  reference: string;
  bank: BankDetails;
  lines: BalanceLine[];
}
