// The company's details as every page, mail and calendar file shows them, and their defaults (the
// spec's values, MARKETING) shown until the office changes them. No zod here: public pages import this,
// and their first-visit bundle stays small; the schema is shared/schemas/company.ts.
import { MARKETING } from './constants';

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'x'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface Company {
  name: string;
  legalName: string;
  /** Companies House number (8 letters and digits), or empty. */
  companyNumber: string;
  address: string;
  phone: string;
  email: string;
  officeHours: string;
  /** UK postcode areas served (E, EC, SW…). */
  serviceArea: string[];
  /** https links, empty when the company has none there. */
  social: Record<SocialNetwork, string>;
  clients: string;
  satisfaction: string;
  response: string;
  founded: string;
}

export const COMPANY_DEFAULTS: Company = {
  name: MARKETING.companyName,
  legalName: '',
  companyNumber: '',
  address: MARKETING.address,
  phone: MARKETING.phone,
  email: MARKETING.email,
  officeHours: 'Monday to Saturday, 8am to 6pm',
  serviceArea: ['E', 'EC', 'N', 'NW', 'SE', 'SW', 'W', 'WC'],
  social: { facebook: '', instagram: '', linkedin: '', x: '' },
  clients: MARKETING.clients,
  satisfaction: MARKETING.satisfaction,
  response: MARKETING.response,
  founded: String(MARKETING.founded),
};

/** The `tel:` address of a phone number as written ("020 7946 0321" → "tel:02079460321"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[\s()-]+/g, '')}`;

/** The service area as a page shows it ("E, EC, N…"). */
export const areasText = (c: Pick<Company, 'serviceArea'>) => c.serviceArea.join(', ') || 'Ask us';

/** Same details, same JSON: the defaults' key order is the one stored and compared. */
export const sameCompany = (a: Company, b: Company) => JSON.stringify(a) === JSON.stringify(b);

/** The office home's first-run checklist, as GET /api/admin/company reports it. */
export interface CompanySetup {
  /** The company's details differ from the defaults. */
  details: boolean;
  /** At least one cleaner has been invited (or is active). */
  cleanerInvited: boolean;
  /** SMTP_URL is set: unset, every mail is written to the file outbox and nobody receives it. */
  smtp: boolean;
  /** OFFICE_EMAIL is set (else the office's notifications go to the MAIL_FROM address). */
  officeEmail: boolean;
}

/** The id of the JSON data block a served page carries when the company's details are not the defaults. */
export const COMPANY_DATA_ID = 'company-data';
