// UK bank holidays per region (GOV.UK's bank-holidays.json format, shipped as shared/bank-holidays.json
// and refreshed by `npm run bank-holidays -- FILE`), and which region a postcode is in: BT → Northern
// Ireland, the Scottish postcode areas → Scotland, every other area → England and Wales. Pure: the
// data is passed in, so the PWA and the API answer alike.
import { cleanPostcode } from './postcode';

export const BANK_HOLIDAY_REGIONS = ['england-and-wales', 'scotland', 'northern-ireland'] as const;
export type BankHolidayRegion = (typeof BANK_HOLIDAY_REGIONS)[number];

export interface BankHolidayEvent {
  title: string;
  date: string;
  notes: string;
  bunting: boolean;
}
export type BankHolidayFile = Record<BankHolidayRegion, { division: string; events: BankHolidayEvent[]; }>;

/** Postcode areas in Scotland (Royal Mail). TD and DG straddle the border; a setting may move one. */
export const SCOTTISH_AREAS = ['AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'TD', 'ZE'] as const;

/** The postcode area: its leading letters (`EH1 1YZ` → `EH`, `G2 1AA` → `G`). */
export const postcodeArea = (postcode: string): string => /^[A-Z]{1,2}/.exec(cleanPostcode(postcode))?.[0] ?? '';

/** The outward code as people write it (`N17GU` → `N1`), or the whole of a too-short postcode. */
export function outwardCode(postcode: string): string {
  const p = cleanPostcode(postcode);
  return p.length > 4 ? p.slice(0, -3) : p;
}

/** The region whose bank holidays apply at a postcode; `overrides` (area → region) comes first. */
export function regionOfPostcode(postcode: string, overrides: Partial<Record<string, BankHolidayRegion>> = {}): BankHolidayRegion {
  const area = postcodeArea(postcode);
  const set = overrides[area];
  if (set) return set;
  if (area === 'BT') return 'northern-ireland';
  return (SCOTTISH_AREAS as readonly string[]).includes(area) ? 'scotland' : 'england-and-wales';
}

/** `TD=england-and-wales,CA=scotland` → { TD: 'england-and-wales', CA: 'scotland' }; null when malformed. */
export function parseRegionOverrides(text: string): Record<string, BankHolidayRegion> | null {
  const out: Record<string, BankHolidayRegion> = {};
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [area, region] = part.split('=').map((s) => s.trim());
    if (!/^[a-z]{1,2}$/i.test(area ?? '') || !(BANK_HOLIDAY_REGIONS as readonly string[]).includes(region ?? '')) return null;
    out[area.toUpperCase()] = region as BankHolidayRegion;
  }
  return out;
}

/** One holiday on a date: its title and the regions that have it. */
export interface HolidayDay {
  date: string;
  title: string;
  regions: BankHolidayRegion[];
}

/** The holidays from–to (London dates, both included), one entry per date, in date order. */
export function holidaysBetween(file: BankHolidayFile, from: string, to: string): HolidayDay[] {
  const byDate = new Map<string, HolidayDay>();
  for (const region of BANK_HOLIDAY_REGIONS) {
    for (const e of file[region]?.events ?? []) {
      if (e.date < from || e.date > to) continue;
      const day = byDate.get(e.date) ?? { date: e.date, title: e.title, regions: [] };
      day.regions.push(region);
      byDate.set(e.date, day);
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Checks a downloaded file is GOV.UK's shape (three divisions, dated events); answers why not, or null. */
export function bankHolidayFileProblem(data: unknown): string | null {
  if (!data || typeof data !== 'object') return 'not a JSON object';
  for (const region of BANK_HOLIDAY_REGIONS) {
    const part = (data as Record<string, unknown>)[region] as { events?: unknown; } | undefined;
    if (!part || !Array.isArray(part.events)) return `"${region}" has no events list`;
    for (const e of part.events as Array<Partial<BankHolidayEvent>>) {
      if (typeof e?.title !== 'string' || typeof e.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(e.date)) {
        return `"${region}" has an event without a title and a YYYY-MM-DD date`;
      }
    }
  }
  return null;
}
