// A customer's books: their payment code, what each month charged (from their visits), the payment
// lines, and recording a payment or a refund — each line allocated to the months it settles. Card
// payments, bank transfers matched from an import and the office's own entries all come through
// recordPayment, keyed by where they came from so the same money is never recorded twice.
import mongoose from 'mongoose';
import { allocatePayment, allocateRefund, openMonths, settledByMonth, type Allocation } from '@shared/ledger';
import { LEDGER_MSG } from '@shared/messages-ledger';
import { formatPence } from '@shared/pricing';
import { monthOfDay, statementOf } from '@shared/statements';
import { londonDate } from '@shared/visits';
import { notFound } from '../../lib/errors';
import { isDuplicateKey } from '../../models/duplicate-key';
import { LedgerPayment, type LedgerMethod, type LedgerPaymentDoc } from '../../models/LedgerPayment';
import { User } from '../../models/User';
import { Visit, type VisitDoc } from '../../models/Visit';
import { recordAudit, type AuditActor } from '../office/audit';
import { STATEMENT_FIELDS, visitsByMonth } from '../statements/statements';

type Id = mongoose.Types.ObjectId;
const oid = (id: string | Id): Id => (typeof id === 'string' ? new mongoose.Types.ObjectId(id) : id);
/** A customer's whole history is read for a balance: bounded (ten years of two weekly plans fits). */
const HISTORY_VISITS_MAX = 20_000;
/** Every month's statement total of the customer (their visits, VAT included). */
export async function monthTotals(userId: string | Id, vatPercent: number): Promise<Map<string, number>> {
  const rows = await Visit.find({ user: oid(userId) }, STATEMENT_FIELDS).sort({ start: 1 }).limit(HISTORY_VISITS_MAX).lean<VisitDoc[]>();
  const totals = new Map<string, number>();
  for (const [month, visits] of visitsByMonth(rows)) totals.set(month, statementOf(visits, vatPercent).total_pence);
  return totals;
}

export const paymentsOf = (userId: string | Id) => LedgerPayment.find({ user: oid(userId) }).sort({ date: 1, recorded_at: 1 }).lean<LedgerPaymentDoc[]>();

export interface PaymentInput {
  userId: string;
  method: LedgerMethod;
  /** Positive: money in; negative: a refund. */
  amount_pence: number;
  date: string;
  reference?: string | null;
  note?: string | null;
  /** Where it came from (unique): `office:…`, `bank:<fingerprint>`, `card:<id>`. */
  source: string;
  /** The statement month its reference named, settled first. */
  month?: string | null;
}

/**
 * Records a payment line (or a refund, negative) with the months it settles. The same `source` twice
 * records once: the second call answers the line already there and `created: false`.
 */
export async function recordPayment(
  input: PaymentInput,
  now: Date,
  vatPercent: number,
  actor?: AuditActor,
): Promise<{ payment: LedgerPaymentDoc; created: boolean; }> {
  const user = await User.findById(input.userId, { name: 1 }).lean();
  if (!user) throw notFound(LEDGER_MSG.customerNotFound);
  const existing = await LedgerPayment.findOne({ source: input.source }).lean<LedgerPaymentDoc>();
  if (existing) return { payment: existing, created: false };
  const [totals, payments] = await Promise.all([monthTotals(input.userId, vatPercent), paymentsOf(input.userId)]);
  const settled = settledByMonth(payments);
  const creditMonth = monthOfDay(londonDate(now));
  const allocations: Allocation[] = input.amount_pence >= 0
    ? allocatePayment(input.amount_pence, openMonths(totals, settled), creditMonth, input.month)
    : allocateRefund(-input.amount_pence, settled, creditMonth, input.month);
  let payment: LedgerPaymentDoc;
  try {
    const doc = await LedgerPayment.create({
      user: oid(input.userId),
      method: input.method,
      amount_pence: input.amount_pence,
      date: input.date,
      reference: input.reference || null,
      note: input.note || null,
      allocations,
      source: input.source,
      recorded_by: actor?.id ?? null,
      recorded_at: now,
    });
    payment = doc.toObject() as LedgerPaymentDoc;
  } catch (err) {
    // The same money recorded at once by two requests or instances: the unique source keeps one.
    if (!isDuplicateKey(err)) throw err;
    return { payment: (await LedgerPayment.findOne({ source: input.source }).lean<LedgerPaymentDoc>())!, created: false };
  }
  if (actor) {
    await recordAudit({
      actor,
      action: input.amount_pence >= 0 ? 'payment.recorded' : 'payment.reversed',
      target: { type: 'customer', id: input.userId, label: user.name },
      after: { method: input.method, amount: formatPence(input.amount_pence), date: input.date, reference: input.reference ?? null },
      note: input.note ?? undefined,
    });
  }
  return { payment, created: true };
}
