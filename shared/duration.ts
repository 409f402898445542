// A rough expected duration of a clean, for a cleaner deciding whether to take it: half an hour per
// bedroom and per bathroom (a quarter for an extra toilet) on top of an hour, in half hours, never
// under 2 h. An estimate to plan a day by, not a quote; the hours worked are what the cleaner submits.
const MIN_HOURS = 2;

/** The count an answer names: 'Studio' → 0, '5+' → 5, '2 + 1 additional toilet' → 2 (+ toilet); null for 'Other' or free text. */
function rooms(answer: string): { n: number; toilet: boolean } | null {
  const text = answer.trim().toLowerCase();
  if (text === 'studio') return { n: 0, toilet: false };
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n >= 0 ? { n, toilet: text.includes('additional toilet') } : null;
}

/** Expected hours for the bedrooms and bathrooms as answered; an unknown answer counts as one room. */
export function estimateHours(bedrooms: string, bathrooms: string): number {
  const beds = rooms(bedrooms) ?? { n: 1, toilet: false };
  const baths = rooms(bathrooms) ?? { n: 1, toilet: false };
  const hours = 1 + 0.5 * beds.n + 0.5 * baths.n + (baths.toilet ? 0.25 : 0);
  return Math.max(MIN_HOURS, Math.round(hours * 2) / 2);
}

/** "About 3 h", "About 3.5 h". */
export const durationText = (bedrooms: string, bathrooms: string): string => `About ${estimateHours(bedrooms, bathrooms)} h`;
