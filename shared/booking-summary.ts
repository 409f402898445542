// What was asked, in the same words everywhere a booking is summed up: the confirmation screen, the
// customer's cards and the e-mails. Pure: the when text is given the booked instant or the free text.
import { formatPostcode } from './postcode';
import { formatWhen } from './when';

export interface SummaryInput {
  propertyType: string;
  bedrooms: string;
  bathrooms: string;
  receptions: string;
  cleaningType: string;
  frequency: string;
  bestDays: string;
  postcode: string;
  /** ISO instant or Date when bestDays names a moment. */
  scheduledAt?: string | Date | null;
}

/** "1 bathroom", "3 bathrooms", "4+ receptions"; an answer with an extra ("2 + 1 additional toilet") keeps it after the noun. */
function count(n: string, one: string, many: string): string {
  const t = n.trim();
  const extra = /^(\d+)\s*\+\s*(\S.*)$/.exec(t);
  if (extra) return `${count(extra[1], one, many)} + ${extra[2]}`;
  const compact = t.replace(/\s+\+$/, '+');
  return compact === '1' ? `1 ${one}` : `${compact} ${many}`;
}

/** "3 bedrooms, 2 bathrooms, 1 reception" (a studio stays "Studio"). */
export function roomsText(b: Pick<SummaryInput, 'bedrooms' | 'bathrooms' | 'receptions'>): string {
  const bedrooms = /studio/i.test(b.bedrooms) ? b.bedrooms : count(b.bedrooms, 'bedroom', 'bedrooms');
  return [bedrooms, count(b.bathrooms, 'bathroom', 'bathrooms'), count(b.receptions, 'reception', 'receptions')].join(', ');
}

/** The booked time as people read it (`Wed 9 Dec, 07:00`), or the customer's own words. */
export function whenText(b: Pick<SummaryInput, 'bestDays' | 'scheduledAt'>, now?: number): string {
  return b.scheduledAt ? formatWhen(b.scheduledAt, now) : b.bestDays;
}

/** "Deep clean"; an answer that already says it ("After-builders clean", "Office cleaning") is kept as it is. */
export function cleaningTitle(cleaningType: string): string {
  const t = cleaningType.trim();
  return /clean(?:ing)?$/i.test(t) ? t : `${t} clean`;
}

/** Label/value rows in a fixed order. */
export function bookingSummary(b: SummaryInput, now?: number): Array<[label: string, value: string]> {
  return [
    ['Property', b.propertyType],
    ['Rooms', roomsText(b)],
    ['Cleaning type', b.cleaningType],
    ['Frequency', b.frequency],
    ['When', whenText(b, now)],
    ['Postcode', formatPostcode(b.postcode)],
  ];
}
