// A customer's monthly statement from their visits: pure, and the one function the API (the customer's
// statement, the e-mail on the 1st, the office's "who owes what" and its CSV) and the statement page
// run, so every figure agrees by construction. Money is integer pence; VAT is a whole percent of each
// line's net, rounded to the penny per line (the CSV's rows then add up to the statement's VAT).
import { STATEMENT_MSG } from './messages-statements';

/** What a statement needs of one visit (the API answers these as `visits`). */
export interface StatementVisit {
  id: string;
  /** London date the visit happened (or was to happen) on. */
  day: string;
  reference: string;
  state: string;
  /** The visit's price; null when the office has not confirmed one yet. */
  price_pence: number | null;
  /** A late skip, move or cancel (or a lockout): what the customer accepted to pay. */
  late_charge_pence?: number | null;
}

export interface StatementLine {
  visit: string;
  date: string;
  reference: string;
  state: string;
  /** `visit`: the clean itself (or a visit not charged); `charge`: a late-change charge. */
  kind: 'visit' | 'charge';
  description: string;
  net_pence: number;
  vat_pence: number;
  /** A done visit without a price yet: counted, not charged. */
  unpriced?: boolean;
}

export interface Statement {
  lines: StatementLine[];
  counts: { done: number; skipped: number; cancelled: number; scheduled: number; };
  visits_pence: number;
  charges_pence: number;
  net_pence: number;
  vat_pence: number;
  total_pence: number;
  unpriced: number;
}

const vatOf = (net: number, percent: number) => Math.round((net * percent) / 100);

const DESCRIPTION: Record<string, string> = {
  completed: STATEMENT_MSG.lineDone,
  skipped: STATEMENT_MSG.lineSkipped,
  cancelled: STATEMENT_MSG.lineCancelled,
  scheduled: STATEMENT_MSG.lineScheduled,
};

/**
 * The statement of `visits` (one customer's, one month's; any order): a done visit is charged its
 * price, a late charge is a line of its own whatever the visit became (skipped, moved, cancelled),
 * skipped and cancelled visits cost nothing else, and a visit still booked costs nothing yet.
 */
export function statementOf(visits: readonly StatementVisit[], vatPercent = 0): Statement {
  const sorted = [...visits].sort((a, b) => (a.day === b.day ? a.id.localeCompare(b.id) : a.day < b.day ? -1 : 1));
  const s: Statement = {
    lines: [],
    counts: { done: 0, skipped: 0, cancelled: 0, scheduled: 0 },
    visits_pence: 0,
    charges_pence: 0,
    net_pence: 0,
    vat_pence: 0,
    total_pence: 0,
    unpriced: 0,
  };
  for (const v of sorted) {
    const base = { visit: v.id, date: v.day, reference: v.reference, state: v.state };
    const done = v.state === 'completed';
    if (done) s.counts.done++;
    else if (v.state === 'skipped' || v.state === 'cancelled' || v.state === 'scheduled') s.counts[v.state]++;
    const unpriced = done && v.price_pence == null;
    if (unpriced) s.unpriced++;
    const net = done ? (v.price_pence ?? 0) : 0;
    const what = DESCRIPTION[v.state] ?? v.state;
    s.lines.push({
      ...base,
      kind: 'visit',
      description: unpriced ? `${what} (${STATEMENT_MSG.unpriced})` : what,
      net_pence: net,
      vat_pence: vatOf(net, vatPercent),
      ...(unpriced ? { unpriced } : {}),
    });
    s.visits_pence += net;
    const charge = v.late_charge_pence ?? 0;
    if (charge > 0) {
      s.lines.push({ ...base, kind: 'charge', description: STATEMENT_MSG.lineCharge(v.state), net_pence: charge, vat_pence: vatOf(charge, vatPercent) });
      s.charges_pence += charge;
    }
  }
  s.net_pence = s.visits_pence + s.charges_pence;
  s.vat_pence = s.lines.reduce((sum, l) => sum + l.vat_pence, 0);
  s.total_pence = s.net_pence + s.vat_pence;
  return s;
}

/** The lines that carry money (the CSV's rows): a visit not charged is on the statement, not in the accounts. */
export const chargedLines = (s: Statement): StatementLine[] => s.lines.filter((l) => l.net_pence !== 0);

/** What is still owed: the total, less what payments settled of it (a later change shows as owed again). */
export const owedOf = (total: number, paid: { paid: boolean; paid_pence?: number | null; } | null | undefined): number =>
  Math.max(0, total - (paid?.paid_pence ?? (paid?.paid ? total : 0)));

// --- months (London dates, 'YYYY-MM') ---

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month a London date ('YYYY-MM-DD') falls in. */
export const monthOfDay = (day: string): string => day.slice(0, 7);

/** The first day of the month and the first day of the next one. */
export function monthBounds(month: string): { first: string; next: string; } {
  return { first: `${month}-01`, next: `${addMonths(month, 1)}-01` };
}

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const i = y * 12 + (m - 1) + n;
  return `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/** Months from `from` to `to` (both included) counted, e.g. 2026-10 → 2026-12 is 3; 0 when `to` is before. */
export const monthsBetween = (from: string, to: string): number => {
  const n = (s: string) => Number(s.slice(0, 4)) * 12 + Number(s.slice(5, 7));
  return Math.max(0, n(to) - n(from) + 1);
};

/** "October 2026". */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 15));
}
