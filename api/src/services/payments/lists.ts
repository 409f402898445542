// The customer's and the office's lists of card payments, newest first, paged.
import mongoose from 'mongoose';
import { OWED_STATES, type PaymentState } from '@shared/payments';
import type { CustomerPayment, OfficePayment, OfficePaymentsQuery } from '@shared/schemas/payments';
import { Payment, type PaymentDoc } from '../../models/Payment';
import { User } from '../../models/User';
import { cappedTotal } from '../office/page-total';

type Paging = { page: number; limit: number; };
const oid = (id: string) => new mongoose.Types.ObjectId(id);
/** A customer's unpaid charges are few; owed is summed over at most this many. */
const OWED_MAX = 500;

export function customerPaymentOf(p: PaymentDoc): CustomerPayment {
  const owes = (OWED_STATES as readonly string[]).includes(p.state);
  return {
    id: String(p._id),
    visit_id: String(p.visit),
    reference: p.reference,
    kind: p.kind as 'visit' | 'charge',
    day: p.day,
    amount_pence: p.amount_pence,
    vat_pence: p.vat_pence,
    refunded_pence: p.refunded_pence ?? 0,
    state: p.state as PaymentState,
    created_at: p.created_at.toISOString(),
    paid_at: p.paid_at?.toISOString() ?? null,
    due_at: p.due_at.toISOString(),
    card: p.card?.last4 ? { brand: p.card.brand ?? '', last4: p.card.last4 } : null,
    ...(owes && p.pay_url ? { pay_url: p.pay_url } : {}),
  };
}

export async function customerPayments(userId: string, q: Paging) {
  const filter = { user: oid(userId) };
  const [rows, total, owing] = await Promise.all([
    Payment.find(filter).sort({ created_at: -1, _id: -1 }).skip((q.page - 1) * q.limit).limit(q.limit).lean<PaymentDoc[]>(),
    Payment.countDocuments(filter),
    Payment.find({ user: oid(userId), state: { $in: [...OWED_STATES] } }, { amount_pence: 1 }).limit(OWED_MAX).lean<PaymentDoc[]>(),
  ]);
  return { payments: rows.map(customerPaymentOf), total, owed_pence: owing.reduce((n, p) => n + p.amount_pence, 0) };
}

export async function officePayments(q: OfficePaymentsQuery & { limit: number; }) {
  const filter = { ...(q.state ? { state: q.state } : {}), ...(q.month ? { month: q.month } : {}) };
  const [rows, total] = await Promise.all([
    Payment.find(filter).sort({ created_at: -1, _id: -1 }).skip((q.page - 1) * q.limit).limit(q.limit).lean<PaymentDoc[]>(),
    cappedTotal(Payment as never, filter),
  ]);
  const people = new Map(
    (await User.find({ _id: { $in: [...new Set(rows.map((r) => String(r.user)))].map(oid) } }, { name: 1, email: 1 }).lean()).map((u) => [String(u._id), u]),
  );
  const payments: OfficePayment[] = rows.map((p) => ({
    ...customerPaymentOf(p),
    ...(p.pay_url ? { pay_url: p.pay_url } : {}),
    customer: { id: String(p.user), name: people.get(String(p.user))?.name ?? '', email: people.get(String(p.user))?.email ?? '' },
    failure_code: p.failure_code ?? null,
    failure_message: p.failure_message ?? null,
    retry_at: p.retry_at?.toISOString() ?? null,
    refunds: (p.refunds ?? []).map((r) => ({ amount_pence: r.amount_pence, reason: r.reason, at: r.at.toISOString(), status: r.status ?? 'pending' })),
  }));
  return { payments, ...total };
}
