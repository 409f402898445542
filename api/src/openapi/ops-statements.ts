// OpenAPI operations of the monthly statements: spread into document.ts.
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import type { OperationOf } from './operation';
import { officeStatementsQuerySchema, statementMonthsQuerySchema, statementPaymentSchema } from '@shared/schemas/statements';

export const STATEMENT_SCHEMAS = { StatementPayment: statementPaymentSchema };

type StatementOp = OperationOf<keyof typeof STATEMENT_SCHEMAS>;
const op = (o: StatementOp) => o;

export const STATEMENT_OPS: StatementOp[] = [
  op({
    method: 'get',
    path: '/api/user/statements',
    tag: 'statements',
    summary:
      'My statement of one month (`?month=YYYY-MM`, default this month): visits done, skipped and cancelled with amounts and late charges, VAT, total, and whether it is paid',
    auth: 'customer',
    ok: 200,
    answer: ['month', 'vat_percent', 'visits', 'statement', 'payment', 'owed_pence', 'reference'],
    errors: [400],
  }),
  op({
    method: 'get',
    path: '/api/user/statements/months',
    tag: 'statements',
    summary: 'A page of my months with a statement, newest first (from my first visit to this month), each with its total',
    auth: 'customer',
    ok: 200,
    answer: ['months', 'page', 'limit', 'total', 'pages'],
    errors: [400],
    paged: { query: statementMonthsQuerySchema, defaultLimit: PAGE_LIMIT_DEFAULT },
  }),
  op({
    method: 'get',
    path: '/api/admin/statements',
    tag: 'office',
    summary:
      "One month's statements, who owes what (`status`: all, unpaid, paid), most owed first; `status=overdue` (no month): every statement unpaid PAYMENT_TERMS_DAYS after its e-mail, oldest first",
    auth: 'employee',
    ok: 200,
    answer: ['month', 'vat_percent', 'statements', 'totals', 'page', 'limit', 'total', 'pages'],
    errors: [400, 403],
    paged: { query: officeStatementsQuerySchema, defaultLimit: PAGE_LIMIT_DEFAULT },
  }),
  op({
    method: 'put',
    path: '/api/admin/statements/payment',
    tag: 'office',
    summary:
      "Mark a customer's month paid (records a bank-transfer payment line of what it owes, with an optional reference) or unpaid (records its reversal); audited",
    auth: 'employee',
    json: 'StatementPayment',
    ok: 200,
    answer: ['payment', 'owed_pence'],
    errors: [400, 403, 404, 409],
  }),
  op({
    method: 'get',
    path: '/api/admin/statements.csv',
    tag: 'office',
    summary: 'A month for the accounts (CSV): date, customer, reference, visit, description, net pence, VAT pence; one row per charged line',
    auth: 'employee',
    ok: 200,
    answer: [],
    errors: [400, 403],
    binary: 'text/csv',
  }),
];
