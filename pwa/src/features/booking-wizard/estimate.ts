// The wizard's estimate from the answers so far (the shared price rule, shared/pricing.ts): shown as
// soon as frequency, bedrooms and bathrooms are answered, the questions not yet reached counted at their
// plainest (no reception room, a standard clean, your own supplies), so it moves with each answer.
import { OTHER, type WizardOptionField } from '@shared/constants';
import { bestDaysMoment } from '@shared/when';
import { priceOf, type PriceAnswers, type PriceList, type Quote } from '@shared/pricing';
import { addDays, londonDate } from '@shared/visits';
import { optionValue, type Answers } from './steps';

const PLAINEST: PriceAnswers = {
  propertyType: 'House',
  frequency: '',
  bedrooms: '',
  bathrooms: '',
  receptions: '0',
  cleaningType: 'Standard',
  supplies: 'I will provide supplies and equipment',
};
const NEEDED: WizardOptionField[] = ['frequency', 'bedrooms', 'bathrooms'];

/** The estimate, or null while too little is answered to give one. */
export function estimateOf(answers: Answers, list: PriceList): Quote | null {
  const fields = Object.keys(PLAINEST) as Array<keyof PriceAnswers>;
  // "Other" (with or without its text yet) is always the office's to price.
  if (fields.some((f) => answers[f] === OTHER)) return { kind: 'confirm' };
  if (NEEDED.some((f) => !answers[f])) return null;
  const priced = Object.fromEntries(fields.map((f) => [f, optionValue(answers, f) || PLAINEST[f]])) as unknown as PriceAnswers;
  return priceOf(priced, list);
}

/** The first visit is within the 14-day cancellation period (before the 15th day, London dates). */
export function startsWithin14Days(answers: Answers, now = Date.now()): boolean {
  const at = answers.bestDays ? bestDaysMoment(answers.bestDays) : null;
  return at !== null && londonDate(at) < addDays(londonDate(now), 15);
}
