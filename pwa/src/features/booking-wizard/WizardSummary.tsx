// The wizard's last step says what is being booked before Complete Booking: the date and time, how
// often, where, and the price (per visit with its hours, or that the office confirms it).
import { bestDaysMoment, formatWhen } from '@shared/when';
import { formatPence } from '@shared/pricing';
import { hoursText } from '@shared/duration';
import { formatPostcode } from '@shared/postcode';
import { PRICE_MSG } from '@shared/messages-prices';
import { WIZARD_SUMMARY_MSG as M } from '@shared/messages-customer';
import { estimateOf } from './estimate';
import { optionValue, type Answers } from './steps';
import type { WizardPrices } from './usePriceList';

export function WizardSummary({ answers, prices }: { answers: Answers; prices: WizardPrices; }) {
  const at = answers.bestDays ? bestDaysMoment(answers.bestDays) : null;
  const q = estimateOf(answers, prices.list);
  const rows: Array<[string, string]> = [
    [M.when, at === null ? answers.bestDays || '—' : `${formatWhen(at)} (${M.ukTime})`],
    [M.often, optionValue(answers, 'frequency') || '—'],
    [M.where, [answers.address?.trim(), formatPostcode(answers.postcode ?? '')].filter(Boolean).join(', ') || '—'],
    [M.price, q?.kind === 'price' ? `${formatPence(q.pence_per_visit)} ${M.perVisit} · ${hoursText(q.hours)}` : PRICE_MSG.weConfirm],
  ];
  return (
    <section className="wizard-summary" aria-labelledby="wizard-summary-title">
      <h4 id="wizard-summary-title">{M.title}</h4>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
