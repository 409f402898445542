// Monthly statements (README "Statements"): a customer's month from their visits, the months they have,
// the office's "who owes what" for a month, and marking a month paid or unpaid (audited). The figures
// always come from shared/statements.ts over the visits; only the payment state is stored (Statement).
import mongoose from 'mongoose';
import { STATEMENT_MSG } from '@shared/messages-statements';
import { addMonths, formatMonth, monthBounds, monthOfDay, monthsBetween, owedOf, statementOf, type StatementVisit } from '@shared/statements';
import type { OfficeStatementRow, OfficeStatementsQuery, PaymentState, StatementAnswer, StatementMonth, StatementPaymentInput } from '@shared/schemas/statements';
import { londonDate } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { conflict, notFound } from '../../lib/errors';
import { isDuplicateKey } from '../../models/duplicate-key';
import { Statement, type StatementDoc } from '../../models/Statement';
import { User } from '../../models/User';
import { Visit, type VisitDoc } from '../../models/Visit';
import { recordAudit, type AuditActor } from '../office/audit';

type Id = mongoose.Types.ObjectId;
const oid = (id: string): Id => new mongoose.Types.ObjectId(id);
/** A customer's visits in one month are at most this many (two daily plans fit): the query is bounded. */
const MONTH_VISITS_MAX = 500;
/** The fields a statement reads of a visit. */
export const STATEMENT_FIELDS = { user: 1, day: 1, reference: 1, state: 1, price_pence: 1, late_charge_pence: 1 } as const;

/** The instants a month of London dates spans: [start, end). */
export function monthRange(month: string): { start: Date; end: Date } {
  const { first, next } = monthBounds(month);
  return { start: new Date(londonWallTime(first, '00:00')!), end: new Date(londonWallTime(next, '00:00')!) };
}

export const thisMonth = (now: Date): string => monthOfDay(londonDate(now));

export const statementVisit = (v: Pick<VisitDoc, 'day' | 'reference' | 'state' | 'price_pence' | 'late_charge_pence'> & { _id: Id }): StatementVisit => ({
  id: String(v._id),
  day: v.day,
  reference: v.reference ?? '',
  state: v.state ?? 'scheduled',
  price_pence: v.price_pence ?? null,
  late_charge_pence: v.late_charge_pence ?? null,
});

export const paymentOf = (d: Pick<StatementDoc, 'paid' | 'paid_pence' | 'paid_at' | 'payment_reference'> | null | undefined): PaymentState =>
  d?.paid ? { paid: true, paid_pence: d.paid_pence ?? null, paid_at: d.paid_at?.toISOString() ?? null, payment_reference: d.payment_reference ?? null } : { paid: false };

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
  const rows = await Visit.find({ user: oid(userId), start: { $gte: start, $lt: end } }, STATEMENT_FIELDS).sort({ start: 1 }).limit(MONTH_VISITS_MAX).lean<VisitDoc[]>();
  return rows.map(statementVisit);
}

/** The customer's statement of `month`. */
export async function customerStatement(userId: string, month: string, vatPercent: number): Promise<StatementAnswer> {
  const [visits, doc] = await Promise.all([monthVisits(userId, month), Statement.findOne({ user: oid(userId), month }).lean<StatementDoc>()]);
  const statement = statementOf(visits, vatPercent);
  const payment = paymentOf(doc);
  return { month, vat_percent: vatPercent, visits, statement, payment, owed_pence: owedOf(statement.total_pence, payment) };
}

/** A page of the customer's months, newest first: from their first visit's month to this month. */
export async function customerMonths(userId: string, q: { page: number; limit: number }, now: Date, vatPercent: number): Promise<{ months: StatementMonth[]; total: number }> {
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
  const [rows, docs] = await Promise.all([
    Visit.find({ user: oid(userId), start: { $gte: span.start, $lt: span.end } }, STATEMENT_FIELDS).limit(MONTH_VISITS_MAX * count).lean<VisitDoc[]>(),
    Statement.find({ user: oid(userId), month: { $in: months } }).lean<StatementDoc[]>(),
  ]);
  const byMonth = visitsByMonth(rows);
  const paid = new Map(docs.map((d) => [d.month, d.paid === true]));
  return {
    months: months.map((m) => {
      const s = statementOf(byMonth.get(m) ?? [], vatPercent);
      return { month: m, total_pence: s.total_pence, counts: s.counts, paid: paid.get(m) ?? false };
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
export async function officeStatements(q: OfficeStatementsQuery, vatPercent: number): Promise<{ rows: OfficeStatementRow[]; total: number; totals: { total_pence: number; owed_pence: number } }> {
  const [byUser, docs] = await Promise.all([visitsByCustomer(q.month), Statement.find({ month: q.month }, { user: 1, paid: 1, paid_pence: 1, paid_at: 1, payment_reference: 1 }).lean<StatementDoc[]>()]);
  const payments = new Map(docs.map((d) => [String(d.user), paymentOf(d)]));
  const all = [...byUser].map(([id, visits]) => {
    const s = statementOf(visits, vatPercent);
    const payment = payments.get(id) ?? { paid: false };
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

/** Marks a customer's month paid (recording its total then, and the reference) or unpaid; audited. */
export async function setStatementPayment(actor: AuditActor, input: StatementPaymentInput, now: Date, vatPercent: number): Promise<{ payment: PaymentState; owed_pence: number; name: string }> {
  const user = await User.findById(input.customer_id, { name: 1 }).lean();
  if (!user) throw notFound(STATEMENT_MSG.customerNotFound);
  const statement = statementOf(await monthVisits(input.customer_id, input.month), vatPercent);
  if (input.paid && statement.total_pence === 0) throw conflict(STATEMENT_MSG.nothingToPay);
  const set = input.paid
    ? { paid: true, paid_pence: statement.total_pence, paid_at: now, payment_reference: input.payment_reference || null }
    : { paid: false, paid_pence: null, paid_at: null, payment_reference: null };
  const filter = { user: oid(input.customer_id), month: input.month };
  const write = () => Statement.findOneAndUpdate(filter, { $set: set }, { upsert: true, returnDocument: 'before' }).lean<StatementDoc>();
  // Two first marks at once: the unique index lets one insert; the other updates the row it made.
  const before = await write().catch((err: unknown) => (isDuplicateKey(err) ? write() : Promise.reject(err)));
  const was = paymentOf(before);
  await recordAudit({
    actor,
    action: input.paid ? 'statement.paid' : 'statement.unpaid',
    target: { type: 'customer', id: input.customer_id, label: `${user.name} · ${formatMonth(input.month)}` },
    before: { month: input.month, paid: was.paid, payment_reference: was.payment_reference ?? null },
    after: { month: input.month, paid: input.paid, paid_pence: set.paid_pence, payment_reference: set.payment_reference },
  });
  const payment = paymentOf(set);
  return { payment, owed_pence: owedOf(statement.total_pence, payment), name: user.name };
}
