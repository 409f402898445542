// Card payments become lines of the books as they happen: a paid charge is a card payment line (settling
// the visit's month first), each refund a negative line. Keyed by the payment (and its refunded total),
// so a change announced twice after a crash is recorded once.
import { londonDate } from '@shared/visits';
import type { Deps } from '../../deps';
import { LedgerPayment } from '../../models/LedgerPayment';
import { onPaymentStateChanged, type PaymentChange } from '../payments/events';
import { recordPayment } from './payments';

async function recordCardChange(deps: Pick<Deps, 'clock' | 'config'>, { after }: PaymentChange): Promise<void> {
  const id = String(after._id);
  const userId = String(after.user);
  const now = deps.clock.now();
  if (after.paid_at) {
    await recordPayment(
      {
        userId,
        method: 'card',
        amount_pence: after.amount_pence,
        date: londonDate(new Date(after.paid_at)),
        reference: after.reference ?? null,
        source: `card:${id}`,
        month: after.month ?? null,
      },
      now,
      deps.config.vatPercent,
    );
  }
  const refunds = await LedgerPayment.find({ source: { $regex: `^card-refund:${id}:` } }, { amount_pence: 1 }).lean();
  const recorded = -refunds.reduce((n, r) => n + r.amount_pence, 0);
  const more = (after.refunded_pence ?? 0) - recorded;
  if (more > 0) {
    await recordPayment(
      {
        userId,
        method: 'card',
        amount_pence: -more,
        date: londonDate(now),
        reference: after.reference ?? null,
        source: `card-refund:${id}:${after.refunded_pence}`,
        month: after.month ?? null,
      },
      now,
      deps.config.vatPercent,
    );
  }
}

/** Registers the books as a listener of card payments (once, at start). */
export function recordCardPaymentsInTheBooks(deps: Pick<Deps, 'clock' | 'config' | 'log'>): () => void {
  return onPaymentStateChanged(async (change) => {
    try {
      await recordCardChange(deps, change);
    } catch (err) {
      deps.log.error({ err, payment: String(change.after._id) }, 'card payment could not be recorded in the books');
    }
  });
}
