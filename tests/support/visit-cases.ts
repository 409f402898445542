// The generator's outputs over 2027's two clock changes (28 Mar, 31 Oct), for every frequency: computed
// here and, by visits-generator.test.ts, again in child processes under TZ=UTC and TZ=Europe/London.
// tsx reads the @shared alias from tsconfig.json, so a plain `node --import tsx` child can load it.
import { planDates, visitsToCreate, type PlanRule } from '@shared/visits';

export const FROM = '2027-03-01';
export const TO = '2027-11-30';
const base = { anchor: '2027-03-02', time: '09:00', days: [] as number[] }; // a Tuesday

export const RULES: Record<string, PlanRule> = {
  daily: { ...base, frequency: 'daily', days: [] },
  'twice-weekly': { ...base, frequency: 'twice-weekly', days: [2, 5] },
  weekly: { ...base, frequency: 'weekly' },
  fortnightly: { ...base, frequency: 'fortnightly' },
  monthly: { ...base, anchor: '2027-03-09', frequency: 'monthly' }, // the 2nd Tuesday
  'monthly-fifth': { ...base, anchor: '2027-03-30', frequency: 'monthly' }, // a 5th Tuesday → the last one
  once: { ...base, anchor: '2027-10-31', time: '01:30', frequency: 'once' }, // the hour that happens twice
  weeks: { ...base, frequency: 'weeks', interval_weeks: 3 },
};

export function cases() {
  const out: Record<string, Array<{ slot: string; start: string; }>> = {};
  for (const [name, rule] of Object.entries(RULES)) {
    out[name] = visitsToCreate(rule, [], FROM, 300)
      .filter((s) => s.slot <= TO)
      .map((s) => ({ slot: s.slot, start: new Date(s.start).toISOString() }));
  }
  out.dates = planDates(RULES.weekly, FROM, TO).map((slot) => ({ slot, start: '' }));
  return out;
}
