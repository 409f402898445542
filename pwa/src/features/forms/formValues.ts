// Turning raw input values into what the shared schemas expect (pure, unit-tested).
import { CV_EXTENSIONS, CV_MAX_MB } from '@shared/constants';
import { MSG } from '@shared/messages';

/** Empty text means "not given": optional fields are left out rather than sent as ''. */
export function compact<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'string' ? v.trim() !== '' : v !== undefined) out[k as keyof T] = v as T[keyof T];
  }
  return out;
}

/** A number input's text → number, or undefined when blank (NaN stays, so the schema reports it). */
export const toNumber = (raw: string): number | undefined => (raw.trim() === '' ? undefined : Number(raw));

export const ENQUIRY_NUMBER_FIELDS = ['bedrooms', 'bathrooms', 'appliances', 'receptions', 'commercialCleaners', 'hours'] as const;
export type EnquiryNumberField = (typeof ENQUIRY_NUMBER_FIELDS)[number];

export interface EnquiryValues {
  name: string;
  email: string;
  phone: string;
  service: string;
  date: string;
  postcode: string;
  location: string;
  bedrooms: string;
  bathrooms: string;
  appliances: string;
  receptions: string;
  details: string;
  commercialCleaners: string;
  hours: string;
  consent: boolean;
}

export const EMPTY_ENQUIRY: EnquiryValues = {
  name: '',
  email: '',
  phone: '',
  service: '',
  date: '',
  postcode: '',
  location: '',
  bedrooms: '',
  bathrooms: '',
  appliances: '',
  receptions: '',
  details: '',
  commercialCleaners: '',
  hours: '',
  consent: false,
};

/** The enquiry form's values in the shape enquirySchema validates (numbers as numbers). */
export function toEnquiryInput(v: EnquiryValues): Record<string, unknown> {
  const out: Record<string, unknown> = compact({ ...v, consent: undefined });
  for (const f of ENQUIRY_NUMBER_FIELDS) {
    const n = toNumber(v[f]);
    if (n === undefined) delete out[f];
    else out[f] = n;
  }
  out.consent = v.consent;
  // An empty select is "not chosen", which the schema reports as 'Please choose a service'.
  if (!v.service) delete out.service;
  return out;
}

/** Client-side CV check by extension and size (the server checks the content again). */
export function cvProblem(file: File | null | undefined): string | undefined {
  if (!file) return undefined;
  const name = file.name.toLowerCase();
  if (!CV_EXTENSIONS.some((ext) => name.endsWith(ext))) return MSG.cvWrongType;
  if (file.size > CV_MAX_MB * 1024 * 1024) return MSG.cvTooLarge.replace('{max}', String(CV_MAX_MB));
  return undefined;
}
