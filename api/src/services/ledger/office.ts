// The office's and the customer's view of the books: recording a payment by hand, the statement list's
// "mark paid / unpaid" (now a payment line and its reversal), and a customer's balance with its lines.
import mongoose from 'mongoose';
import { LEDGER_MSG } from '@shared/messages-ledger';
import { STATEMENT_MSG } from '@shared/messages-statements';
import { balanceOf } from '@shared/ledger';
import type { BalanceAnswer, BalanceLine, OfficePaymentInput } from '@shared/schemas/ledger';
import type { PaymentState, StatementPaymentInput } from '@shared/schemas/statements';
import { chargedLines, formatMonth, owedOf, statementOf } from '@shared/statements';
import { londonDate } from '@shared/visits';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { LedgerPaymentDoc } from '../../models/LedgerPayment';
import { User } from '../../models/User';
import { Visit, type VisitDoc } from '../../models/Visit';
import { recordAudit, type AuditActor } from '../office/audit';
import { monthVisits, paymentOf, settlementsOf, STATEMENT_FIELDS, visitsByMonth } from '../statements/statements';
import { bankDetails } from './bank-details';
import { customerReferenceOf } from './codes';
import { monthTotals, paymentsOf, recordPayment } from './payments';

const HISTORY_VISITS_MAX = 20_000;

/** POST /api/admin/customers/{id}/payments: money the office received (transfer, cash, cheque). */
export async function recordOfficePayment(actor: AuditActor, customerId: string, input: OfficePaymentInput, now: Date, vatPercent: number) {
  if (input.date > londonDate(now)) throw badRequest(LEDGER_MSG.dateInFuture);
  const { payment } = await recordPayment(
    { userId: customerId, ...input, source: `office:${new mongoose.Types.ObjectId().toHexString()}` },
    now,
    vatPercent,
    actor,
  );
  return payment;
}

/**
 * The statement list's mark: paid records a payment of what the month still owes (settling that month
 * first); unpaid records the reversal of what payments settled of it. Both are lines, both audited.
 */
export async function setStatementPayment(
  actor: AuditActor,
  input: StatementPaymentInput,
  now: Date,
  vatPercent: number,
): Promise<{ payment: PaymentState; owed_pence: number; name: string; }> {
  const user = await User.findById(input.customer_id, { name: 1 }).lean();
  if (!user) throw notFound(STATEMENT_MSG.customerNotFound);
  const statement = statementOf(await monthVisits(input.customer_id, input.month), vatPercent);
  if (input.paid && statement.total_pence === 0) throw conflict(STATEMENT_MSG.nothingToPay);
  const settled = (await settlementsOf(input.customer_id, [input.month])).get(input.month)?.pence ?? 0;
  const change = input.paid ? statement.total_pence - settled : -settled;
  if (change !== 0) {
    await recordPayment(
      {
        userId: input.customer_id,
        method: 'bank_transfer',
        amount_pence: change,
        date: londonDate(now),
        reference: input.paid ? input.payment_reference || null : null,
        note: input.paid ? STATEMENT_MSG.markedPaid(user.name, input.month) : STATEMENT_MSG.markedUnpaid(user.name, input.month),
        source: `office:${new mongoose.Types.ObjectId().toHexString()}`,
        month: input.month,
      },
      now,
      vatPercent,
    );
  }
  await recordAudit({
    actor,
    action: input.paid ? 'statement.paid' : 'statement.unpaid',
    target: { type: 'customer', id: input.customer_id, label: `${user.name} · ${formatMonth(input.month)}` },
    before: { month: input.month, settled_pence: settled },
    after: { month: input.month, paid: input.paid, payment_reference: input.paid ? input.payment_reference || null : null },
  });
  const payment = paymentOf((await settlementsOf(input.customer_id, [input.month])).get(input.month), statement.total_pence);
  return { payment, owed_pence: owedOf(statement.total_pence, payment), name: user.name };
}

/** GET /api/user/balance: what the customer owes and every line of their account, newest first, one page. */
export async function customerBalance(userId: string, page: { page: number; limit: number; }, vatPercent: number): Promise<BalanceAnswer & { total: number; }> {
  const [rows, payments, totals, reference, bank] = await Promise.all([
    Visit.find({ user: new mongoose.Types.ObjectId(userId) }, STATEMENT_FIELDS).sort({ start: 1 }).limit(HISTORY_VISITS_MAX).lean<VisitDoc[]>(),
    paymentsOf(userId),
    monthTotals(userId, vatPercent),
    customerReferenceOf(userId),
    bankDetails(),
  ]);
  const lines: BalanceLine[] = [];
  for (const [month, visits] of visitsByMonth(rows)) {
    for (const l of chargedLines(statementOf(visits, vatPercent))) {
      lines.push({
        date: l.date,
        kind: 'charge',
        description: `${l.description} ${l.reference}`.trim(),
        amount_pence: l.net_pence + l.vat_pence,
        reference: l.reference,
        month,
      });
    }
  }
  for (const p of payments as LedgerPaymentDoc[]) {
    lines.push({
      date: p.date,
      kind: 'payment',
      description: LEDGER_MSG.linePayment(LEDGER_MSG.methods[p.method] ?? p.method),
      amount_pence: p.amount_pence,
      reference: p.reference ?? null,
      month: p.allocations[0]?.month ?? p.date.slice(0, 7),
    });
  }
  lines.sort((a, b) => (a.date === b.date ? (a.kind === b.kind ? 0 : a.kind === 'payment' ? -1 : 1) : a.date < b.date ? 1 : -1));
  const charged = [...totals.values()].reduce((n, t) => n + t, 0);
  const owed = balanceOf(totals, payments);
  return {
    owed_pence: owed,
    charged_pence: charged,
    paid_pence: charged - owed,
    reference,
    bank,
    lines: lines.slice((page.page - 1) * page.limit, page.page * page.limit),
    total: lines.length,
  };
}
