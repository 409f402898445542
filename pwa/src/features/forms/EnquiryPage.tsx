// Enquiry: every enquiry field; name, email, service and consent required; numbers ≥ 0.
import { useId } from 'react';
import { ENQUIRY_SERVICES, POSTCODE_MAX } from '@shared/constants';
import { MSG } from '@shared/messages';
import { cleanPostcode } from '@shared/postcode';
import { Field, Select, TextArea } from '@/components/Field';
import { sendEnquiry } from './api';
import { EMPTY_ENQUIRY, toEnquiryInput, type EnquiryNumberField } from './formValues';
import { FormNotice } from './FormNotice';
import { ContactDetailsFields } from './ContactDetailsFields';
import { usePublicForm } from './usePublicForm';
import { useHydrated } from '@/lib/useHydrated';
import './forms.css';
import { usePageTitle } from '@/components/usePageTitle';
import { LiveFieldset } from '@/components/LiveFieldset';
import { useCompany } from '@/lib/company';

const NUMBER_LABELS: Record<EnquiryNumberField, string> = {
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  receptions: 'Receptions',
  appliances: 'Appliances',
  commercialCleaners: 'No. of cleaners',
  hours: 'Hours per visit',
};

export default function EnquiryPage() {
  const co = useCompany();
  usePageTitle('Request a free quote');
  const { values, setValues, set, warm, errors, notice, formRef, submit, pending } = usePublicForm({
    empty: EMPTY_ENQUIRY,
    send: sendEnquiry,
    schema: (v) => v.enquirySchema,
    toInput: toEnquiryInput,
    sentText: MSG.enquirySent,
    failText: (failure) => (failure.refused ? MSG.enquiryFailed : MSG.enquiryUnexpected),
  });
  const consentId = useId();
  // The page is pre-rendered at build time: the earliest date is the browser's today, set once hydrated.
  const today = useHydrated() ? new Date().toISOString().slice(0, 10) : undefined;

  const number = (f: EnquiryNumberField) => (
    <Field
      key={f}
      label={NUMBER_LABELS[f]}
      name={f}
      type="number"
      inputMode={f === 'hours' ? 'decimal' : 'numeric'}
      min={0}
      step={f === 'hours' ? 0.5 : 1}
      value={values[f]}
      onChange={set(f)}
      error={errors[f]}
    />
  );

  return (
    <>
      <section className="page-band">
        <div className="container">
          <h1>Request a free quote</h1>
          <p className="page-band__lead">Tell us about the job. The more you share, the more accurate your quote — we reply within 24 hours.</p>
        </div>
      </section>
      <section className="container section forms-layout">
        <form ref={formRef} className="card" onSubmit={submit} noValidate aria-label="Enquiry form">
          <fieldset className="form-section">
            <legend>Your details</legend>
            <div className="form-row">
              <ContactDetailsFields values={values} errors={errors} set={set} />
              <Select
                label="Service"
                name="service"
                required
                placeholder="Choose a service"
                options={ENQUIRY_SERVICES}
                value={values.service}
                onChange={set('service')}
                error={errors.service}
              />
            </div>
          </fieldset>
          <fieldset className="form-section">
            <legend>Where and when</legend>
            <div className="form-row">
              <Field label="Preferred date" name="date" type="date" min={today} value={values.date} onChange={set('date')} error={errors.date} />
              <Field
                label="Postcode"
                name="postcode"
                autoComplete="postal-code"
                maxLength={POSTCODE_MAX}
                value={values.postcode}
                onChange={(e) => {
                  warm();
                  setValues((v) => ({ ...v, postcode: cleanPostcode(e.target.value) }));
                }}
                error={errors.postcode}
              />
            </div>
            <Field
              label="Location or area"
              name="location"
              autoComplete="address-level2"
              value={values.location}
              onChange={set('location')}
              error={errors.location}
            />
          </fieldset>
          <fieldset className="form-section">
            <legend>The property</legend>
            <div className="form-row form-row--3">
              {(['bedrooms', 'bathrooms', 'receptions', 'appliances', 'commercialCleaners', 'hours'] as const).map(number)}
            </div>
            <TextArea label="Anything else we should know?" name="details" value={values.details} onChange={set('details')} error={errors.details} />
          </fieldset>
          <div className={`check${errors.consent ? ' field--error' : ''}`}>
            <input
              id={consentId}
              type="checkbox"
              name="consent"
              checked={values.consent}
              aria-invalid={Boolean(errors.consent)}
              aria-describedby={errors.consent ? `${consentId}-error` : undefined}
              onChange={(e) => {
                warm();
                setValues((v) => ({ ...v, consent: e.target.checked }));
              }}
            />
            <div>
              <label htmlFor={consentId}>I agree that {co.name} may store these details and contact me about this enquiry.</label>
              {errors.consent && (
                <small id={`${consentId}-error`} className="field__error" role="alert" style={{ display: 'block' }}>
                  {errors.consent}
                </small>
              )}
            </div>
          </div>
          <FormNotice notice={notice} />
          <LiveFieldset>
            <button type="submit" className="btn btn--primary btn--block" disabled={pending}>
              {pending ? 'Sending…' : 'Submit Enquiry'}
            </button>
          </LiveFieldset>
        </form>
        <aside className="card forms-aside">
          <h2>What happens next</h2>
          <ul>
            <li>We read every enquiry and reply within 24 hours.</li>
            <li>Your quote is free and there is no obligation.</li>
            <li>Offline? Your enquiry is kept on this device and sent when you are back online.</li>
          </ul>
        </aside>
      </section>
    </>
  );
}
