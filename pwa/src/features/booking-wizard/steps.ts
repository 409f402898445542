// The 12 wizard questions in the order they are asked, and the pure rules for them.
import { OTHER, WIZARD_OPTIONS, WIZARD_STEPS, type WizardOptionField } from '@shared/constants';
import { isInPast, wizardSchema, type WizardInput } from '@shared/schemas/bookings';
import { bestDaysMoment } from '@shared/when';
import { cleanPostcode, postcodeInText } from '@shared/postcode';
import { checkForm, type Checked } from '@/lib/form/checkForm';

export type Step =
  | { kind: 'address'; title: string; }
  | { kind: 'options'; field: WizardOptionField; title: string; }
  | { kind: 'datetime'; title: string; }
  | { kind: 'phone'; title: string; };

export const STEPS: readonly Step[] = [
  { kind: 'address', title: 'Where should we clean?' },
  { kind: 'options', field: 'propertyType', title: 'What type of property is it?' },
  { kind: 'options', field: 'frequency', title: 'How often would you like a cleaner?' },
  { kind: 'options', field: 'bedrooms', title: 'How many bedrooms?' },
  { kind: 'options', field: 'bathrooms', title: 'How many bathrooms?' },
  { kind: 'options', field: 'receptions', title: 'How many reception rooms?' },
  { kind: 'options', field: 'cleaningType', title: 'What type of cleaning do you need?' },
  { kind: 'options', field: 'hasCleaner', title: 'Do you have a cleaner at the moment?' },
  { kind: 'datetime', title: 'When would you like the first clean?' },
  { kind: 'options', field: 'supplies', title: 'Who provides the cleaning supplies?' },
  { kind: 'options', field: 'hiringLikelihood', title: 'When are you looking to hire?' },
  { kind: 'phone', title: 'What number can we reach you on?' },
];

// Keeps the table above honest if someone adds or removes a question.
if (STEPS.length !== WIZARD_STEPS) throw new Error(`The booking wizard must have ${WIZARD_STEPS} steps`);

/** Everything typed so far: option fields hold the chosen option, `<field>Other` its free text. */
export type Answers = Record<string, string>;

/** A signed-in customer's stored address and phone are offered as the starting answers, with the postcode the address names. */
export function initialAnswers(postcode = '', known: { address?: string; phone?: string; } = {}): Answers {
  return { postcode: postcode || postcodeInText(known.address), address: known.address ?? '', bestDays: '', phoneNumber: known.phone ?? '' };
}

/** The value sent for an option question: the free text when 'Other' is chosen. */
export function optionValue(answers: Answers, field: WizardOptionField): string {
  const choice = answers[field] ?? '';
  return choice === OTHER ? (answers[`${field}Other`] ?? '').trim() : choice;
}

export const optionsFor = (field: WizardOptionField): readonly string[] => WIZARD_OPTIONS[field];

/** Continue is enabled only when the step has a usable answer. */
export function isStepAnswered(step: Step, answers: Answers, now = Date.now()): boolean {
  switch (step.kind) {
    case 'address':
      return Boolean(answers.postcode?.trim()) && Boolean(answers.address?.trim());
    case 'options':
      return optionValue(answers, step.field) !== '';
    case 'datetime':
      return Boolean(answers.bestDays) && bestDaysMoment(answers.bestDays) !== null && !isInPast(answers.bestDays, now);
    case 'phone':
      return Boolean(answers.phoneNumber?.trim());
  }
}

/** The whole answer set as the API contract sees it, checked with the shared schema. */
export function toWizardInput(answers: Answers): Checked<WizardInput> {
  const candidate = {
    phoneNumber: answers.phoneNumber ?? '',
    address: answers.address ?? '',
    postcode: cleanPostcode(answers.postcode ?? ''),
    propertyType: optionValue(answers, 'propertyType'),
    frequency: optionValue(answers, 'frequency'),
    bedrooms: optionValue(answers, 'bedrooms'),
    bathrooms: optionValue(answers, 'bathrooms'),
    receptions: optionValue(answers, 'receptions'),
    cleaningType: optionValue(answers, 'cleaningType'),
    hasCleaner: optionValue(answers, 'hasCleaner'),
    bestDays: answers.bestDays ?? '',
    supplies: optionValue(answers, 'supplies'),
    hiringLikelihood: optionValue(answers, 'hiringLikelihood'),
    saveToProfile: answers.saveToProfile === '1',
    // One of the customer's homes (the address and postcode above are its own), or a new one from them.
    ...(answers.homeId ? { home_id: answers.homeId } : {}),
    // The express request to start within the 14-day cancellation period (WizardPrice.tsx).
    start_within_14_days: answers.startEarly === '1',
  };
  return checkForm(wizardSchema, candidate);
}

/** `datetime-local` text for "now", the earliest choice the date step allows. */
export function localDateTime(ms = Date.now()): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
