// Reading a bank statement CSV as UK banks export it (Starling, Monzo, Barclays, HSBC, Lloyds and the
// like): a date column; description, reference, payee or memo columns (all kept: the customer's
// reference may be in any); and either one signed amount or paid-in / paid-out columns. Pure: the
// import service stores nothing unless every line reads, so a bad file changes nothing.
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { LEDGER_MSG } from '@shared/messages-ledger';
import { squash } from '@shared/payment-reference';

export interface BankCredit {
  /** The line of the file it came from (1 = the first line). */
  line: number;
  /** London date, 'YYYY-MM-DD'. */
  date: string;
  description: string;
  amount_pence: number;
  /** Same date, amount and description, and the same place among identical lines: the same credit. */
  fingerprint: string;
}

export class BankCsvError extends Error {}

const DATE_HEADERS = ['date', 'transaction date', 'posting date', 'value date', 'completed date', 'booking date'];
const TEXT_HEADERS = [
  'description',
  'transaction description',
  'reference',
  'payee',
  'name',
  'counter party',
  'counterparty',
  'memo',
  'details',
  'narrative',
  'payment reference',
];
const AMOUNT_HEADERS = ['amount', 'amount (gbp)', 'amount gbp', 'value', 'amount(gbp)'];
const IN_HEADERS = ['paid in', 'money in', 'credit', 'credit amount', 'in', 'paid in (gbp)', 'credits'];
const OUT_HEADERS = ['paid out', 'money out', 'debit', 'debit amount', 'out', 'paid out (gbp)', 'debits'];
/** A header row is looked for among the first lines: some banks put the account's name above it. */
const HEADER_SEARCH_LINES = 10;

const norm = (h: string) => h.trim().toLowerCase().replace(/\s+/g, ' ');
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** 'DD/MM/YYYY', 'DD-MM-YY', 'DD Mon YYYY' or ISO ('YYYY-MM-DD', a time after it allowed); null when not a date. */
export function readBankDate(text: string): string | null {
  const s = text.trim().slice(0, 40);
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.Z+-]*)?$/.exec(s);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?: [\d:]+)?$/.exec(s))) {
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (match[3].length === 2) y += 2000;
  } else if ((match = /^(\d{1,2})[ -]([A-Za-z]{3})[a-z]*[ -](\d{4})$/.exec(s))) {
    [d, m, y] = [Number(match[1]), MONTHS.indexOf(match[2].toLowerCase()) + 1, Number(match[3])];
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (m < 1 || m > 12 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** '£1,234.50', '-12.00', '(12.00)', '12.00-', '12.00 CR': pence (signed); null when not an amount; 0 for an empty cell. */
export function readBankAmount(text: string): number | null {
  let s = text.trim().slice(0, 40).replace(/[£,\s]/g, '').replace(/^GBP/i, '');
  if (s === '') return 0;
  let sign = 1;
  if (/^\(.*\)$/.test(s)) [sign, s] = [-1, s.slice(1, -1)];
  if (/DR$/i.test(s)) [sign, s] = [-1, s.slice(0, -2)];
  else if (/CR$/i.test(s)) s = s.slice(0, -2);
  if (s.startsWith('-')) [sign, s] = [-sign, s.slice(1)];
  else if (s.endsWith('-')) [sign, s] = [-sign, s.slice(0, -1)];
  else if (s.startsWith('+')) s = s.slice(1);
  s = s.replace(/^£/, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return sign * (Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')));
}

interface Layout {
  header: number;
  date: number;
  text: number[];
  amount: number | null;
  paidIn: number | null;
  paidOut: number | null;
  names: string[];
}

function layoutOf(rows: string[][]): Layout {
  for (let r = 0; r < Math.min(HEADER_SEARCH_LINES, rows.length); r++) {
    const names = rows[r].map(norm);
    const find = (list: string[]) => names.findIndex((n) => list.includes(n));
    const date = find(DATE_HEADERS);
    if (date < 0) continue;
    const text = names.map((n, i) => (TEXT_HEADERS.includes(n) ? i : -1)).filter((i) => i >= 0);
    const amount = find(AMOUNT_HEADERS);
    const paidIn = find(IN_HEADERS);
    const paidOut = find(OUT_HEADERS);
    if (amount < 0 && paidIn < 0) throw new BankCsvError(LEDGER_MSG.csvNoAmount);
    return {
      header: r,
      date,
      text,
      amount: amount >= 0 ? amount : null,
      paidIn: amount < 0 && paidIn >= 0 ? paidIn : null,
      paidOut: amount < 0 && paidOut >= 0 ? paidOut : null,
      names: rows[r],
    };
  }
  // No header (HSBC's download): date, description, amount.
  const first = rows[0] ?? [];
  if (first.length >= 3 && readBankDate(first[0] ?? '') && readBankAmount(first[first.length - 1] ?? '') !== null) {
    return {
      header: -1,
      date: 0,
      text: first.slice(1, -1).map((_, i) => i + 1),
      amount: first.length - 1,
      paidIn: null,
      paidOut: null,
      names: ['Date', ...first.slice(1, -1).map(() => 'Description'), 'Amount'],
    };
  }
  throw new BankCsvError(LEDGER_MSG.csvNoHeader);
}

/** Every credit (money in) of a bank CSV, in file order; debits are left out. Throws BankCsvError naming the line and column. */
export function readBankCsv(text: string): { credits: BankCredit[]; debits: number; } {
  let records: { record: string[]; info: { lines: number; }; }[];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true, trim: true }) as unknown as typeof records;
  } catch (err) {
    const line = (err as { lines?: number; }).lines;
    throw new BankCsvError(LEDGER_MSG.csvUnreadable(line ?? 1));
  }
  const rows = records.map((r) => r.record);
  if (!rows.length) throw new BankCsvError(LEDGER_MSG.csvEmpty);
  const layout = layoutOf(rows);
  const credits: Omit<BankCredit, 'fingerprint'>[] = [];
  let debits = 0;
  for (let r = layout.header + 1; r < records.length; r++) {
    const row = rows[r];
    const line = records[r].info.lines;
    if (row.every((c) => c === '')) continue;
    const cell = (i: number) => row[i] ?? '';
    const date = readBankDate(cell(layout.date));
    if (!date) throw new BankCsvError(LEDGER_MSG.csvBadCell(line, layout.names[layout.date], cell(layout.date), 'a date'));
    const amountAt = (i: number) => {
      const v = readBankAmount(cell(i));
      if (v === null) throw new BankCsvError(LEDGER_MSG.csvBadCell(line, layout.names[i], cell(i), 'an amount'));
      return v;
    };
    const amount = layout.amount !== null
      ? amountAt(layout.amount)
      : Math.abs(amountAt(layout.paidIn!)) - (layout.paidOut !== null ? Math.abs(amountAt(layout.paidOut)) : 0);
    if (amount <= 0) {
      debits++;
      continue;
    }
    const description = layout.text.map(cell).filter(Boolean).join(' ').slice(0, 500);
    credits.push({ line, date, description, amount_pence: amount });
  }
  return { credits: fingerprinted(credits), debits };
}

/** A credit's identity across files: its date, amount, description and its place among identical lines. */
function fingerprinted(credits: Omit<BankCredit, 'fingerprint'>[]): BankCredit[] {
  const seen = new Map<string, number>();
  return credits.map((c) => {
    const key = `${c.date}|${c.amount_pence}|${squash(c.description)}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return { ...c, fingerprint: createHash('sha256').update(`${key}|${n}`).digest('hex').slice(0, 32) };
  });
}
