// The wizard's price: the live estimate line under each question, and on the last step the customer's
// agreement (price, cancellation rule, who they book with, the 14-day right, and the tick to start
// within it). Texts: shared/messages-prices.ts; the rule: shared/pricing.ts.
import { useEffect, useRef } from 'react';
import { PRICE_MSG } from '@shared/messages-prices';
import { hoursText } from '@shared/duration';
import { useCompany } from '@/lib/company';
import { estimateOf, startsWithin14Days } from './estimate';
import { optionValue, type Answers } from './steps';
import type { WizardPrices } from './usePriceList';
import './WizardPrice.css';

/** Where the model cancellation form is (a section of the terms page). */
export const MODEL_FORM_HREF = '/terms#cancellation-form';

export function WizardEstimate({ answers, prices }: { answers: Answers; prices: WizardPrices; }) {
  const q = estimateOf(answers, prices.list);
  // The live region is always there, so each change of its text is announced.
  return (
    <div className="wizard-estimate" role="status" aria-live="polite">
      {q?.kind === 'price' && (
        <>
          <p className="wizard-estimate__line">{PRICE_MSG.estimate(q.hours, q.pence_per_visit, optionValue(answers, 'frequency'))}</p>
          {prices.offline && <p className="wizard-estimate__note">{PRICE_MSG.estimateOffline}</p>}
        </>
      )}
      {q?.kind === 'confirm' && <p className="wizard-estimate__line">{PRICE_MSG.weConfirm}</p>}
    </div>
  );
}

interface AgreementProps {
  answers: Answers;
  prices: WizardPrices;
  onChange: (patch: Answers) => void;
  /** Complete Booking refused for a missing tick: its message, shown beside the tick. */
  tickError?: string;
  /** Bumped at each refusal: the tick takes the focus and its message is scrolled into view. */
  refusals?: number;
}

export function WizardAgreement({ answers, prices, onChange, tickError, refusals = 0 }: AgreementProps) {
  const tick = useRef<HTMLInputElement>(null);
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!refusals || !tickError) return;
    tick.current?.focus({ preventScroll: true });
    message.current?.scrollIntoView({ block: 'center' });
  }, [refusals, tickError]);
  const co = useCompany();
  const q = estimateOf(answers, prices.list);
  const early = startsWithin14Days(answers);
  return (
    <section className="wizard-agreement" aria-labelledby="wizard-agreement-title">
      <h4 id="wizard-agreement-title">{PRICE_MSG.agreementTitle}</h4>
      {q?.kind === 'price' ?
        (
          <dl className="wizard-agreement__price">
            <div>
              <dt>{PRICE_MSG.estimateTitle}</dt>
              <dd>{PRICE_MSG.perVisit(q.pence_per_visit)}</dd>
            </div>
            <div>
              <dt>{hoursText(q.hours)}</dt>
              <dd>{PRICE_MSG.per4Weeks(q.pence_per_4_weeks)}</dd>
            </div>
          </dl>
        ) :
        (
          <p className="wizard-agreement__confirm">
            <strong>{PRICE_MSG.weConfirm}.</strong> {PRICE_MSG.weConfirmWhy}
          </p>
        )}
      {q?.kind === 'price' && <p className="wizard-agreement__small">{PRICE_MSG.estimateNote}</p>}
      <p>{PRICE_MSG.cancellationRule(prices.change_cutoff, prices.late_change_charge_percent)}</p>
      <p>
        <strong>{PRICE_MSG.traderTitle}:</strong> {PRICE_MSG.trader(co.legalName || co.name, co.address, co.email, co.companyNumber)}
      </p>
      <p>
        {PRICE_MSG.rightToCancel}{' '}
        <a href={MODEL_FORM_HREF} target="_blank" rel="noopener">
          {PRICE_MSG.modelFormLink}
        </a>
      </p>
      {early && (
        <>
          <label className="wizard__tick wizard-agreement__tick">
            <input
              ref={tick}
              type="checkbox"
              name="start_within_14_days"
              checked={answers.startEarly === '1'}
              aria-invalid={tickError ? true : undefined}
              aria-describedby={tickError ? 'wizard-tick-error' : undefined}
              onChange={(e) => onChange({ startEarly: e.target.checked ? '1' : '' })}
            />
            <span>{PRICE_MSG.startEarly}</span>
          </label>
          {tickError && (
            <p id="wizard-tick-error" ref={message} className="notice notice--error wizard-agreement__error" role="alert">
              {tickError}
            </p>
          )}
          <p className="wizard-agreement__small">{PRICE_MSG.startEarlyWhy}</p>
        </>
      )}
    </section>
  );
}

/** The tick is needed and missing: the message Complete Booking shows instead of sending. */
export const missingStartTick = (
  answers: Answers,
): string | null => (startsWithin14Days(answers) && answers.startEarly !== '1' ? PRICE_MSG.startEarlyRequired : null);
