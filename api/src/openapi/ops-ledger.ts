// OpenAPI operations of the books (payments by hand, bank imports, balances, exports): spread into document.ts.
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { balanceQuerySchema, bankDetailsSchema, bankImportsQuerySchema, bankLineMatchSchema, officePaymentSchema } from '@shared/schemas/ledger';
import type { OperationOf } from './operation';

export const LEDGER_SCHEMAS = {
  OfficePayment: officePaymentSchema,
  BankLineMatch: bankLineMatchSchema,
  BankDetails: bankDetailsSchema,
  BankImportFields: z.strictObject({}),
};

type LedgerOp = OperationOf<keyof typeof LEDGER_SCHEMAS>;
const op = (o: LedgerOp) => o;

export const LEDGER_OPS: LedgerOp[] = [
  op({
    method: 'get',
    path: '/api/user/balance',
    tag: 'statements',
    summary:
      'What I owe (charges less payments; negative: in credit), my payment reference, the bank details to pay to, and the lines of my account newest first',
    auth: 'customer',
    ok: 200,
    answer: ['owed_pence', 'charged_pence', 'paid_pence', 'reference', 'bank', 'lines', 'page', 'limit', 'total', 'pages'],
    errors: [400],
    paged: { query: balanceQuerySchema, defaultLimit: PAGE_LIMIT_DEFAULT },
  }),
  op({
    method: 'post',
    path: '/api/admin/customers/{id}/payments',
    tag: 'office',
    summary:
      'Record a payment received by bank transfer, cash or cheque (integer pence, the date it was paid; audited); it settles the oldest open months first',
    auth: 'employee',
    json: 'OfficePayment',
    ok: 201,
    answer: ['payment'],
    errors: [400, 403, 404],
  }),
  op({
    method: 'post',
    path: '/api/admin/bank-imports',
    tag: 'office',
    summary:
      "Import a bank statement CSV (≤ 5 MB): credits matched by a statement's or customer's reference, else by exactly one equal open balance; a credit already recorded is a duplicate; nothing changes when a line cannot be read",
    auth: 'employee',
    multipart: { fields: 'BankImportFields', file: 'file', fileTypes: '.csv' },
    ok: 201,
    answer: ['id', 'lines', 'matched', 'unmatched', 'duplicates'],
    errors: [400, 403, 413],
  }),
  op({
    method: 'get',
    path: '/api/admin/bank-imports',
    tag: 'office',
    summary: 'The bank statements imported, newest first, with their counts',
    auth: 'employee',
    ok: 200,
    answer: ['imports', 'page', 'limit', 'total', 'pages'],
    errors: [400, 403],
    paged: { query: bankImportsQuerySchema, defaultLimit: PAGE_LIMIT_DEFAULT },
  }),
  op({
    method: 'get',
    path: '/api/admin/bank-imports/{id}',
    tag: 'office',
    summary: 'One import and a page of its credits: matched (by what, to whom), duplicate, waiting or dismissed',
    auth: 'employee',
    ok: 200,
    answer: ['id', 'filename', 'imported_at', 'lines', 'matched', 'unmatched', 'duplicates', 'items', 'page', 'limit', 'total', 'pages'],
    errors: [400, 403, 404],
    paged: { query: bankImportsQuerySchema, defaultLimit: 100 },
  }),
  op({
    method: 'post',
    path: '/api/admin/bank-imports/{id}/lines/{n}/match',
    tag: 'office',
    summary: 'Match a waiting credit to a customer: recorded as their bank transfer (once, however many clicks)',
    auth: 'employee',
    json: 'BankLineMatch',
    ok: 200,
    answer: ['items'],
    errors: [400, 403, 404, 409],
  }),
  op({
    method: 'post',
    path: '/api/admin/bank-imports/{id}/lines/{n}/dismiss',
    tag: 'office',
    summary: "Set a waiting credit aside: not a customer's payment (audited)",
    auth: 'employee',
    ok: 200,
    answer: ['items'],
    errors: [403, 404, 409],
  }),
  op({
    method: 'get',
    path: '/api/admin/bank-details',
    tag: 'office',
    summary: "The company's bank account printed on statements and reminders",
    auth: 'employee',
    ok: 200,
    answer: ['bank'],
    errors: [403],
  }),
  op({
    method: 'put',
    path: '/api/admin/bank-details',
    tag: 'office',
    summary: "Change the company's bank account (super-admin; sort code 6 digits, account number 8; audited with the account's last 4 digits)",
    auth: 'employee',
    json: 'BankDetails',
    ok: 200,
    answer: ['bank'],
    errors: [400, 403],
  }),
  op({
    method: 'get',
    path: '/api/admin/accounts/export',
    tag: 'office',
    summary:
      "A month for the accountant (`format`: xero or quickbooks; `part`: sales or payments): Xero's sales-invoice CSV and bank CSV, QuickBooks' Date, Description, Amount; pounds from integer pence, dates DD/MM/YYYY",
    auth: 'employee',
    ok: 200,
    answer: [],
    errors: [400, 403],
    binary: 'text/csv',
  }),
];
