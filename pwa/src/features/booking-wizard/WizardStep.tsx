// One question of the wizard: an option list with 'Other' + free text, or one of the special inputs.
import { OTHER, POSTCODE_MAX } from '@shared/constants';
import { MSG } from '@shared/messages';
import { isInPast } from '@shared/schemas/bookings';
import { typedPostcode } from '@shared/postcode';
import { Field } from '@/components/Field';
import { HomePicker } from '@/components/homes/HomePicker';
import { localDateTime, optionsFor, type Answers, type Step } from './steps';

interface Props {
  step: Step;
  answers: Answers;
  onChange: (patch: Answers) => void;
}

export function WizardStep({ step, answers, onChange }: Props) {
  switch (step.kind) {
    case 'address':
      return (
        <HomePicker homeId={answers.homeId ?? ''} onChoose={(patch) => onChange(patch)}>
          <Field
            label="Postcode"
            name="postcode"
            autoComplete="postal-code"
            value={answers.postcode}
            maxLength={POSTCODE_MAX + 2}
            onChange={(e) => onChange({ postcode: typedPostcode(e.target.value) })}
            hint="e.g. SW1A 1AA"
          />
          <Field label="Address" name="address" autoComplete="street-address" value={answers.address} onChange={(e) => onChange({ address: e.target.value })} />
        </HomePicker>
      );
    case 'datetime': {
      const past = Boolean(answers.bestDays) && isInPast(answers.bestDays);
      return (
        <Field
          label="Preferred date and time"
          type="datetime-local"
          name="bestDays"
          min={localDateTime()}
          value={answers.bestDays}
          onChange={(e) => onChange({ bestDays: e.target.value })}
          error={past ? MSG.dateInPast : undefined}
        />
      );
    }
    case 'phone': {
      const blank = answers.phoneTouched === '1' && !answers.phoneNumber.trim();
      return (
        <>
          <Field
            label="Phone number"
            type="tel"
            name="phoneNumber"
            autoComplete="tel"
            value={answers.phoneNumber}
            onChange={(e) => onChange({ phoneNumber: e.target.value, phoneTouched: '1' })}
            error={blank ? MSG.phoneInvalid : undefined}
          />
          <label className="wizard__tick">
            <input
              type="checkbox"
              name="saveToProfile"
              checked={answers.saveToProfile === '1'}
              onChange={(e) => onChange({ saveToProfile: e.target.checked ? '1' : '' })}
            />
            <span>{MSG.saveAsMyDetails}</span>
          </label>
        </>
      );
    }
    case 'options': {
      const field = step.field;
      const chosen = answers[field] ?? '';
      return (
        <fieldset className="wizard__options">
          <legend className="visually-hidden">{step.title}</legend>
          {optionsFor(field).map((option) => (
            <label key={option} className={`wizard__option${chosen === option ? ' wizard__option--chosen' : ''}`}>
              <input type="radio" name={field} value={option} checked={chosen === option} onChange={() => onChange({ [field]: option })} />
              <span>{option}</span>
            </label>
          ))}
          {chosen === OTHER && (
            <div className="wizard__other">
              <Field
                label="Please specify"
                name={`${field}Other`}
                value={answers[`${field}Other`] ?? ''}
                onChange={(e) => onChange({ [`${field}Other`]: e.target.value })}
                autoFocus
              />
            </div>
          )}
        </fieldset>
      );
    }
  }
}
