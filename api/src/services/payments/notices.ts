// What the customer is told about their card payments, all through the one `notify` as the
// transactional kind `payments` (a receipt is sent whatever their notice choices). Each is claimed on
// the payment by a conditional write before it goes, so it goes once however many events or instances
// arrive at it together; a mail that fails gives the claim back, so the next event or retry sends it.
import { PAYMENT_MSG } from '@shared/messages-payments';
import { formatPence } from '@shared/pricing';
import { formatDay } from '@shared/when';
import type { Deps } from '../../deps';
import { Payment, type PaymentDoc } from '../../models/Payment';
import { notify } from '../../notify/notify';
import { currentCompany } from '../office/company';

type NoticeDeps = Pick<Deps, 'config' | 'mailer' | 'push' | 'log' | 'clock'>;
const PAGE = '/account/payments';
const dayOf = (p: PaymentDoc, now: Date) => formatDay(`${p.day}T12:00:00Z`, now.getTime());
const person = (p: PaymentDoc) => ({ type: 'customer' as const, id: String(p.user) });

/** Sends `send` only when this caller is the one that set `field` (null before); a failure unsets it again. */
async function once(p: PaymentDoc, field: 'receipt_sent_at' | 'failure_told_at', now: Date, send: () => Promise<unknown>): Promise<void> {
  const claimed = await Payment.updateOne({ _id: p._id, [field]: null }, { $set: { [field]: now } });
  if (!claimed.modifiedCount) return;
  try {
    await send();
  } catch (err) {
    await Payment.updateOne({ _id: p._id, [field]: now }, { $set: { [field]: null } });
    throw err;
  }
}

export async function sendReceipt(deps: NoticeDeps, p: PaymentDoc): Promise<void> {
  if (p.receipt_sent_at || !p.paid_at) return;
  const company = await currentCompany();
  const now = deps.clock.now();
  const card = p.card?.brand && p.card.last4 ? PAYMENT_MSG.cardEnding(p.card.brand, p.card.last4) : 'card';
  await once(p, 'receipt_sent_at', now, () =>
    notify(deps, person(p), 'payments', {
      subject: PAYMENT_MSG.receiptSubject(p.reference),
      text: PAYMENT_MSG.receiptText({
        company: company.legalName || company.name,
        address: company.address,
        day: dayOf(p, now),
        reference: p.reference,
        amount: formatPence(p.amount_pence),
        vat: p.vat_pence > 0 ? formatPence(p.vat_pence) : null,
        card,
      }),
      url: PAGE,
    }));
}

/** A decline or a bank's request to authenticate: told once per payment, with the hosted page to pay it. */
export async function sendFailure(deps: NoticeDeps, p: PaymentDoc): Promise<void> {
  if (p.failure_told_at || p.paid_at) return;
  const now = deps.clock.now();
  await once(p, 'failure_told_at', now, () =>
    notify(deps, person(p), 'payments', {
      subject: PAYMENT_MSG.failedSubject(p.reference),
      text: PAYMENT_MSG.failedText(formatPence(p.amount_pence), dayOf(p, now), p.failure_code === 'authentication_required'),
      url: p.pay_url ?? PAGE,
    }));
}

export async function sendAmountChanged(deps: NoticeDeps, p: PaymentDoc, from: number): Promise<void> {
  await notify(deps, person(p), 'payments', {
    subject: PAYMENT_MSG.changedSubject(p.reference),
    text: PAYMENT_MSG.changedText(formatPence(from), formatPence(p.amount_pence), dayOf(p, deps.clock.now())),
    url: PAGE,
  });
}

export async function sendRefund(deps: NoticeDeps, p: PaymentDoc, amount: number, reason: string): Promise<void> {
  await notify(deps, person(p), 'payments', {
    subject: PAYMENT_MSG.refundSubject(p.reference),
    text: PAYMENT_MSG.refundText(formatPence(amount), dayOf(p, deps.clock.now()), reason),
    url: PAGE,
  });
}
