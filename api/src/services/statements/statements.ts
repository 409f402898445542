// Monthly statements (README "Statements"): a customer's month from their visits, the months they have,
// and the office's "who owes what" for a month. The figures always come from shared/statements.ts over
// the visits, and what is paid from the books' payment lines (LedgerPayment allocations): nothing stored.
import mongoose from 'mongoose';
import { addMonths, monthBounds, monthOfDay, monthsBetween, owedOf, statementOf, type StatementVisit } from '@shared/statements';
import type { OfficeStatementRow, OfficeStatementsQuery, PaymentState, StatementAnswer, StatementMonth } from '@shared/schemas/statements';
import { londonDate } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { LedgerPayment, type LedgerPaymentDoc } from '../../models/LedgerPayment';
import { User } from '../../models/User';
import { Visit, type VisitDoc } from '../../models/Visit';
import { statementReferenceOf } from '../ledger/codes';

type Id = mongoose.Types.ObjectId;
const oid = (id: string): Id => new mongoose.Types.ObjectId(id);
/** A customer's visits in one month are at most this many (two daily plans fit): the query is bounded. */
const MONTH_VISITS_MAX = 500;
/** The fields a statement reads of a visit. */
export const STATEMENT_FIELDS = { user: 1, day: 1, reference: 1, state: 1, price_pence: 1, late_charge_pence: 1 } as const;

/** The instants a month of London dates spans: [start, end). */
export function monthRange(month: string): { start: Date; end: Date; } {
  const { first, next } = monthBounds(month);
  return { start: new Date(londonWallTime(first, '00:00')!), end: new Date(londonWallTime(next, '00:00')!) };
}

export const thisMonth = (now: Date): string => monthOfDay(londonDate(now));

export const statementVisit = (v: Pick<VisitDoc, 'day' | 'reference' | 'state' | 'price_pence' | 'late_charge_pence'> & { _id: Id; }): StatementVisit => ({
  id: String(v._id),
  day: v.day,
  reference: v.reference ?? '',
  state: v.state ?? 'scheduled',
  price_pence: v.price_pence ?? null,
  late_charge_pence: v.late_charge_pence ?? null,
});

/** What payments settled of one month of a customer, and the newest payment among them. */
export interface Settlement {
  pence: number;
  last: Pick<LedgerPaymentDoc, 'recorded_at' | 'reference'> | null;
}

/**
 * A month's payment state from what the books settled of it (never a stored flag): paid once the
 * settled sum reaches the total; a part payment shows its sum and leaves the rest owed.
 */
export function paymentOf(settlement: Settlement | null | undefined, total: number): PaymentState {
  const pence = settlement?.pence ?? 0;
  if (pence <= 0) return { paid: false };
  const last = settlement?.last;
  return {
    paid: total > 0 && pence >= total,
    paid_pence: pence,
    paid_at: last?.recorded_at ? new Date(last.recorded_at).toISOString() : null,
    payment_reference: last?.reference ?? null,
  };
}

/** The settlement of each month (or of `months` only) of one customer, from their payment lines. */
export async function settlementsOf(userId: string, months?: readonly string[]): Promise<Map<string, Settlement>> {
  const filter = months ? { user: oid(userId), 'allocations.month': { $in: [...months] } } : { user: oid(userId) };
  const payments = await LedgerPayment.find(filter, { allocations: 1, amount_pence: 1, recorded_at: 1, reference: 1 }).sort({ date: 1, recorded_at: 1 }).lean<
    LedgerPaymentDoc[]
  >();
  const by = new Map<string, Settlement>();
  for (const p of payments) {
    for (const a of p.allocations) {
      const s = by.get(a.month) ?? { pence: 0, last: null };
      s.pence += a.pence;
      if (p.amount_pence > 0 && a.pence > 0) s.last = p;
      by.set(a.month, s);
    }
  }
  return by;
}

/** Every customer's settlement of one month. */
export async function monthSettlements(month: string): Promise<Map<string, Settlement>> {
  const payments = await LedgerPayment.find({ 'allocations.month': month }, { user: 1, allocations: 1, amount_pence: 1, recorded_at: 1, reference: 1 }).sort({
    date: 1,
    recorded_at: 1,
  }).lean<LedgerPaymentDoc[]>();
  const by = new Map<string, Settlement>();
  for (const p of payments) {
    const key = String(p.user);
    for (const a of p.allocations) {
      if (a.month !== month) continue;
      const s = by.get(key) ?? { pence: 0, last: null };
      s.pence += a.pence;
      if (p.amount_pence > 0 && a.pence > 0) s.last = p;
      by.set(key, s);
    }
  }
  return by;
}

/** A statement's sums beside its payment: what the office's list and the customer's data copy both show. */
export function statementSums(s: ReturnType<typeof statementOf>, payment: PaymentState) {
  return {
    counts: s.counts,
    visits_pence: s.visits_pence,
    charges_pence: s.charges_pence,
    vat_pence: s.vat_pence,
    total_pence: s.total_pence,
    unpriced: s.unpriced,
    payment,
    owed_pence: owedOf(s.total_pence, payment),
  };
}

/** Visits as statement lines, grouped by their month. */
export function visitsByMonth(rows: readonly Parameters<typeof statementVisit>[0][]): Map<string, StatementVisit[]> {
  const byMonth = new Map<string, StatementVisit[]>();
  for (const r of rows) byMonth.set(monthOfDay(r.day), [...(byMonth.get(monthOfDay(r.day)) ?? []), statementVisit(r)]);
  return byMonth;
}

/** One customer's visits in a month, as statement rows. */
export async function monthVisits(userId: string, month: string): Promise<StatementVisit[]> {
  const { start, end } = monthRange(month);
  const rows = await Visit.find({ user: oid(userId), start: { $gte: start, $lt: end } }, STATEMENT_FIELDS).sort({ start: 1 }).limit(MONTH_VISITS_MAX).lean<
    VisitDoc[]
  >();
  return rows.map(statementVisit);
}

/** The customer's statement of `month`. */
export async function customerStatement(userId: string, month: string, vatPercent: number): Promise<StatementAnswer> {
  const [visits, settled, reference] = await Promise.all([monthVisits(userId, month), settlementsOf(userId, [month]), statementReferenceOf(userId, month)]);
  const statement = statementOf(visits, vatPercent);
  const payment = paymentOf(settled.get(month), statement.total_pence);
  return { month, vat_percent: vatPercent, reference, visits, statement, payment, owed_pence: owedOf(statement.total_pence, payment) };
}

/** A page of the customer's months, newest first: from their first visit's month to this month. */
export async function customerMonths(
  userId: string,
  q: { page: number; limit: number; },
  now: Date,
  vatPercent: number,
): Promise<{ months: StatementMonth[]; total: number; }> {
  const first = await Visit.findOne({ user: oid(userId) }, { day: 1 }).sort({ start: 1 }).lean<VisitDoc>();
  if (!first) return { months: [], total: 0 };
  const from = monthOfDay(first.day);
  const current = thisMonth(now);
  const last = from > current ? from : current;
  const total = monthsBetween(from, last);
  const newest = addMonths(last, -(q.page - 1) * q.limit);
  const count = Math.max(0, Math.min(q.limit, total - (q.page - 1) * q.limit));
  if (!count) return { months: [], total };
  const months = Array.from({ length: count }, (_, i) => addMonths(newest, -i));
  const span = { start: monthRange(months[months.length - 1]).start, end: monthRange(months[0]).end };
  const [rows, settled] = await Promise.all([
    Visit.find({ user: oid(userId), start: { $gte: span.start, $lt: span.end } }, STATEMENT_FIELDS).limit(MONTH_VISITS_MAX * count).lean<VisitDoc[]>(),
    settlementsOf(userId, months),
  ]);
  const byMonth = visitsByMonth(rows);
  return {
    months: months.map((m) => {
      const s = statementOf(byMonth.get(m) ?? [], vatPercent);
      return { month: m, total_pence: s.total_pence, counts: s.counts, paid: paymentOf(settled.get(m), s.total_pence).paid };
    }),
    total,
  };
}

/** Every customer's visits of a month, read once in start order (index `start`), grouped by customer. */
export async function visitsByCustomer(month: string): Promise<Map<string, StatementVisit[]>> {
  const { start, end } = monthRange(month);
  const byUser = new Map<string, StatementVisit[]>();
  const cursor = Visit.find({ start: { $gte: start, $lt: end } }, STATEMENT_FIELDS).lean<VisitDoc[]>().cursor({ batchSize: 1000 });
  for await (const v of cursor as AsyncIterable<VisitDoc>) {
    const key = String(v.user);
    const list = byUser.get(key);
    if (list) list.push(statementVisit(v));
    else byUser.set(key, [statementVisit(v)]);
  }
  return byUser;
}

/** Who owes what for a month: every customer with visits in it, most owed first, one page. */
export async function officeStatements(
  q: OfficeStatementsQuery & { month: string; },
  vatPercent: number,
): Promise<{ rows: OfficeStatementRow[]; total: number; totals: { total_pence: number; owed_pence: number; }; }> {
  const [byUser, settled] = await Promise.all([visitsByCustomer(q.month), monthSettlements(q.month)]);
  const all = [...byUser].map(([id, visits]) => {
    const s = statementOf(visits, vatPercent);
    const payment = paymentOf(settled.get(id), s.total_pence);
    return { id, s, payment, owed: owedOf(s.total_pence, payment) };
  });
  const totals = { total_pence: all.reduce((n, r) => n + r.s.total_pence, 0), owed_pence: all.reduce((n, r) => n + r.owed, 0) };
  const chosen = all.filter((r) => (q.status === 'paid' ? r.payment.paid : q.status === 'unpaid' ? r.owed > 0 : true));
  chosen.sort((a, b) => b.owed - a.owed || b.s.total_pence - a.s.total_pence || a.id.localeCompare(b.id));
  const limit = q.limit ?? 20;
  const page = chosen.slice((q.page - 1) * limit, q.page * limit);
  const people = new Map((await User.find({ _id: { $in: page.map((r) => oid(r.id)) } }, { name: 1, email: 1 }).lean()).map((u) => [String(u._id), u]));
  const rows = page.map(({ id, s, payment }): OfficeStatementRow => ({
    customer: { id, name: people.get(id)?.name ?? '', email: people.get(id)?.email ?? '' },
    ...statementSums(s, payment),
  }));
  return { rows, total: chosen.length, totals };
}
