// Monthly statements: the customer's statement and months, the office's list, its
// payment marks and CSV. Answers' shapes are here too, so the API and the pages read one contract.
import { z } from 'zod';
import { STATEMENT_MSG } from '../messages-statements';
import { MONTH_PATTERN, type Statement, type StatementVisit } from '../statements';
import { objectId } from './common';
import { pagingQuerySchema } from './paging';

export const PAYMENT_REFERENCE_MAX = 100;
export const STATEMENT_STATUSES = ['all', 'unpaid', 'paid', 'overdue'] as const;

/** 'YYYY-MM': length first, then a pattern that cannot backtrack. */
export const monthSchema = z.string({ error: STATEMENT_MSG.monthInvalid }).max(7, { message: STATEMENT_MSG.monthInvalid, abort: true }).regex(
  MONTH_PATTERN,
  STATEMENT_MSG.monthInvalid,
);

/** GET /api/user/statements: one month (default: this month, London). */
export const statementQuerySchema = z.strictObject({ month: monthSchema.optional() });

/** GET /api/user/statements/months: the months with a statement, newest first. */
export const statementMonthsQuerySchema = pagingQuerySchema;

/** GET /api/admin/statements: one month's customers, who owes what. */
export const officeStatementsQuerySchema = pagingQuerySchema
  .extend({
    // Overdue months are listed across every month, oldest first; the other lists are one month's.
    month: monthSchema.optional(),
    status: z.enum(STATEMENT_STATUSES, { error: `status must be one of ${STATEMENT_STATUSES.join(', ')}` }).default('all'),
  })
  .refine((q) => q.status === 'overdue' || q.month !== undefined, { message: STATEMENT_MSG.monthInvalid, path: ['month'] });
export type OfficeStatementsQuery = z.infer<typeof officeStatementsQuerySchema>;

/** GET /api/admin/statements.csv */
export const statementCsvQuerySchema = z.strictObject({ month: monthSchema });

/** PUT /api/admin/statements/payment: a customer's month paid or unpaid (audited). */
export const statementPaymentSchema = z.strictObject({
  customer_id: objectId,
  month: monthSchema,
  paid: z.boolean({ error: STATEMENT_MSG.paidRequired }),
  payment_reference: z.string().max(PAYMENT_REFERENCE_MAX, { message: STATEMENT_MSG.referenceTooLong(PAYMENT_REFERENCE_MAX), abort: true }).trim().optional(),
});
export type StatementPaymentInput = z.infer<typeof statementPaymentSchema>;

/** Whether a month is recorded as paid. */
export interface PaymentState {
  paid: boolean;
  paid_pence?: number | null;
  paid_at?: string | null;
  payment_reference?: string | null;
}

/** The customer's statement of one month. */
export interface StatementAnswer {
  month: string;
  /** What to quote when paying this month by bank transfer (shared/payment-reference.ts). */
  reference: string;
  vat_percent: number;
  visits: StatementVisit[];
  statement: Statement;
  payment: PaymentState;
  owed_pence: number;
}

/** One month in the customer's list. */
export interface StatementMonth {
  month: string;
  total_pence: number;
  counts: Statement['counts'];
  paid: boolean;
}

/** One row of the office's list. */
export interface OfficeStatementRow {
  customer: { id: string; name: string; email: string; };
  counts: Statement['counts'];
  visits_pence: number;
  charges_pence: number;
  vat_pence: number;
  total_pence: number;
  unpriced: number;
  payment: PaymentState;
  owed_pence: number;
}
