// Every word the card payments show or send (README "Payments"), once.
import { formatPence } from './pricing';
import type { PaymentState } from './payments';

export const PAYMENT_MSG = {
  stateLabel: {
    scheduled: 'Scheduled',
    held: 'Held',
    paid: 'Paid',
    failed: 'Failed',
    action_needed: 'Action needed',
    overdue: 'Overdue',
    refunded: 'Refunded',
    part_refunded: 'Part refunded',
  } satisfies Record<PaymentState, string>,
  cardsOff: 'Card payments are not switched on.',
  cardsOffHow: 'We send you a monthly statement: pay it by bank transfer to the details on it, or call the office.',
  noCardSaved: 'There is no card on file.',
  cardNotFound: 'There is no card on file to remove.',
  paymentNotFound: 'No such payment.',
  stateInvalid: 'state must be one of the payment states',
  amountInvalid: 'Enter the amount as a whole number of pence, at least 1.',
  amountTooLarge: 'That amount is larger than we can take in one payment.',
  reasonRequired: 'Give a reason for the refund.',
  reasonTooLong: (max: number) => `Keep the reason under ${max} characters.`,
  notChangeable: 'Only a charge that has not run yet can have its amount changed.',
  notHoldable: 'Only a charge waiting to run (or to be tried again) can be held.',
  notHeld: 'This charge is not held.',
  notRetryable: 'Only a failed, overdue or authentication-needed charge can be tried again now.',
  notRefundable: 'Only a paid charge can be refunded.',
  overRefund: (left: number) => `At most ${formatPence(left)} is left to refund.`,
  refundFailed: 'Stripe did not accept the refund; nothing was refunded.',
  stripeUnavailable: 'The payment service could not be reached. Nothing was charged; try again in a moment.',
  badSignature: 'The webhook signature is missing or does not match.',
  webhookOff: 'Card payments are not switched on.',
  held: 'Charge held: it will not run until released.',
  released: 'Charge released.',
  retrying: 'Charge being tried again now.',
  amountChanged: (pence: number) => `The charge is now ${formatPence(pence)}.`,
  refunded: (pence: number) => `${formatPence(pence)} refunded.`,
  onlineOnly: 'Payments happen only while you are online: nothing about money is ever queued on this device.',
  // Notices to the customer.
  receiptSubject: (ref: string) => `Receipt for your clean ${ref}`,
  receiptText: (p: { company: string; address: string; day: string; reference: string; amount: string; vat: string | null; card: string; }) =>
    [
      `${p.company}`,
      p.address,
      '',
      `Thank you: we have taken ${p.amount} from your ${p.card}.`,
      `Visit: ${p.day}, reference ${p.reference}`,
      `Amount: ${p.amount}`,
      ...(p.vat ? [`Including VAT: ${p.vat}`] : []),
      `Paid by: ${p.card}`,
    ].join('\n'),
  failedSubject: (ref: string) => `We could not take payment for your clean ${ref}`,
  failedText: (amount: string, day: string, auth: boolean) =>
    auth
      ? `Your bank asked you to confirm the payment of ${amount} for your clean on ${day}. Please pay it on the secure payment page at the link below.`
      : `Your card was declined for ${amount} for your clean on ${day}. Please pay it on the secure payment page at the link below, or update your card in your account. We will also try your card again in a few days.`,
  changedSubject: (ref: string) => `The charge for your clean ${ref} has changed`,
  changedText: (from: string, to: string, day: string) => `The charge for your clean on ${day} has changed from ${from} to ${to}.`,
  refundSubject: (ref: string) => `Refund for your clean ${ref}`,
  refundText: (amount: string, day: string, reason: string) =>
    `We have refunded ${amount} for your clean on ${day}${reason ? ` (${reason})` : ''}. It reaches your card in 5–10 working days.`,
  cardEnding: (brand: string, last4: string) => `${brand.charAt(0).toUpperCase()}${brand.slice(1)} ending ${last4}`,
} as const;
