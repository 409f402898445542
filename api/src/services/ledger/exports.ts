// The month for the accountant, in the CSV shapes their software imports:
// - Xero sales invoices: one invoice per customer and month (its number is the statement's reference),
//   one row per charged line; UnitAmount is the line's net (Xero's "tax exclusive"), TaxType the VAT rate;
// - Xero bank statement: the month's payment lines (Date, Amount, Payee, Description, Reference);
// - QuickBooks Online: Date, Description, Amount (the invoices' totals, or the payments).
// Pounds with two decimals from integer pence, dates DD/MM/YYYY, UTF-8 with a header row, and every
// text cell neutralised against spreadsheet formulas.
import { stringify } from 'csv-stringify/sync';
import { chargedLines, monthBounds, statementOf } from '@shared/statements';
import { addDays } from '@shared/visits';
import type { Config } from '../../config';
import { LedgerPayment, type LedgerPaymentDoc } from '../../models/LedgerPayment';
import { PaymentCode, type PaymentCodeDoc } from '../../models/PaymentCode';
import { User } from '../../models/User';
import { neutralise } from '../office/timesheets-csv';
import { visitsByCustomer } from '../statements/statements';
import { statementReferenceOf } from './codes';

export const XERO_SALES_COLUMNS = [
  'ContactName',
  'EmailAddress',
  'InvoiceNumber',
  'InvoiceDate',
  'DueDate',
  'Description',
  'Quantity',
  'UnitAmount',
  'AccountCode',
  'TaxType',
] as const;
export const XERO_BANK_COLUMNS = ['Date', 'Amount', 'Payee', 'Description', 'Reference'] as const;
export const QUICKBOOKS_COLUMNS = ['Date', 'Description', 'Amount'] as const;

/** 1234 → "12.34", -5 → "-0.05": exact, from integer pence. */
export function pounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const ukDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

type ExportConfig = Pick<Config, 'vatPercent' | 'paymentTermsDays' | 'accountsSalesCode'>;

async function namesAndEmails(ids: string[]) {
  const people = new Map<string, { name: string; email: string; }>();
  for (let i = 0; i < ids.length; i += 1000) {
    for (const u of await User.find({ _id: { $in: ids.slice(i, i + 1000) } }, { name: 1, email: 1 }).lean()) {
      people.set(String(u._id), { name: u.name, email: u.email });
    }
  }
  return people;
}

/** The month's invoices: per customer, the statement's reference, dates and charged lines. */
async function invoices(month: string, config: ExportConfig) {
  const byUser = await visitsByCustomer(month);
  const people = await namesAndEmails([...byUser.keys()]);
  const invoiceDate = addDays(monthBounds(month).next, -1);
  const dueDate = addDays(invoiceDate, config.paymentTermsDays);
  const out: { name: string; email: string; number: string; date: string; due: string; lines: ReturnType<typeof chargedLines>; total: number; }[] = [];
  for (const [id, visits] of [...byUser].sort((a, b) => a[0].localeCompare(b[0]))) {
    const s = statementOf(visits, config.vatPercent);
    const lines = chargedLines(s);
    if (!lines.length) continue;
    out.push({
      ...(people.get(id) ?? { name: '', email: '' }),
      number: await statementReferenceOf(id, month),
      date: invoiceDate,
      due: dueDate,
      lines,
      total: s.total_pence,
    });
  }
  return out;
}

async function monthPayments(month: string) {
  const { first, next } = monthBounds(month);
  const rows = await LedgerPayment.find({ date: { $gte: first, $lt: next } }).sort({ date: 1, recorded_at: 1 }).lean<LedgerPaymentDoc[]>();
  const ids = [...new Set(rows.map((r) => String(r.user)))];
  const [people, codes] = await Promise.all([namesAndEmails(ids), PaymentCode.find({ user: { $in: ids } }).lean<PaymentCodeDoc[]>()]);
  const codeOf = new Map(codes.map((c) => [String(c.user), c.code]));
  return rows.map((r) => ({ row: r, name: people.get(String(r.user))?.name ?? '', code: codeOf.get(String(r.user)) ?? '' }));
}

const csvOf = (columns: readonly string[], rows: Record<string, string | number>[]) =>
  stringify(rows, { header: true, columns: [...columns], record_delimiter: 'windows', cast: { string: neutralise } });

/** GET /api/admin/accounts/export: the CSV's text and its file name. */
export async function accountsExport(
  q: { month: string; format: 'xero' | 'quickbooks'; part: 'sales' | 'payments'; },
  config: ExportConfig,
): Promise<{ csv: string; filename: string; }> {
  const filename = `${q.format}-${q.part}-${q.month}.csv`;
  if (q.part === 'payments') {
    const payments = await monthPayments(q.month);
    const describe = (p: (typeof payments)[number]) => `${p.row.amount_pence < 0 ? 'Refund' : 'Payment'} by ${p.row.method.replace('_', ' ')}`;
    if (q.format === 'xero') {
      return {
        filename,
        csv: csvOf(
          XERO_BANK_COLUMNS,
          payments.map((p) => ({
            Date: ukDate(p.row.date),
            Amount: pounds(p.row.amount_pence),
            Payee: p.name,
            Description: describe(p),
            Reference: p.code ? `SC-${p.code}` : (p.row.reference ?? ''),
          })),
        ),
      };
    }
    return {
      filename,
      csv: csvOf(
        QUICKBOOKS_COLUMNS,
        payments.map((p) => ({ Date: ukDate(p.row.date), Description: `${describe(p)} · ${p.name}`, Amount: pounds(p.row.amount_pence) })),
      ),
    };
  }
  const all = await invoices(q.month, config);
  if (q.format === 'xero') {
    const taxType = config.vatPercent > 0 ? `${config.vatPercent}% (VAT on Income)` : 'No VAT';
    const rows = all.flatMap((inv) =>
      inv.lines.map((l) => ({
        ContactName: inv.name,
        EmailAddress: inv.email,
        InvoiceNumber: inv.number,
        InvoiceDate: ukDate(inv.date),
        DueDate: ukDate(inv.due),
        Description: `${l.description} ${l.date} ${l.reference}`.trim(),
        Quantity: '1',
        UnitAmount: pounds(l.net_pence),
        AccountCode: config.accountsSalesCode,
        TaxType: taxType,
      }))
    );
    return { filename, csv: csvOf(XERO_SALES_COLUMNS, rows) };
  }
  return {
    filename,
    csv: csvOf(
      QUICKBOOKS_COLUMNS,
      all.map((inv) => ({ Date: ukDate(inv.date), Description: `Invoice ${inv.number} · ${inv.name}`, Amount: pounds(inv.total) })),
    ),
  };
}
