// The company's own details and marketing figures (office → Settings): one schema for the office form,
// the route and the stored document. Defaults are the spec's values (MARKETING), shown until changed.
import { z } from 'zod';
import type { Company } from '../company';
import { COMPANY_MSG } from '../messages-office';
import { email, requiredText } from './common';

const text = (max: number) => z.string().trim().max(max, COMPANY_MSG.tooLong(max));
/** A link is empty (not shown) or an https address: never http, javascript: or a bare word. */
const httpsLink = z
  .string()
  .trim()
  .max(300, { message: COMPANY_MSG.tooLong(300), abort: true })
  .refine((s) => s === '' || (URL.canParse(s) && new URL(s).protocol === 'https:'), COMPANY_MSG.httpsOnly);
/** Digits, spaces and + ( ) - only, 6 to 24 characters: what a UK phone number is written with. */
const phone = z
  .string()
  .trim()
  .max(24, { message: COMPANY_MSG.phoneInvalid, abort: true })
  .regex(/^\+?[\d ()-]{6,24}$/, COMPANY_MSG.phoneInvalid);
/** A figure shown on the home page ("2500+", "98%", "24h"): short, no markup. */
const figure = z.string().trim().min(1, COMPANY_MSG.figureRequired).max(12, COMPANY_MSG.tooLong(12));
/** A UK postcode area: one or two letters (E, EC, SW…), written in capitals. */
const postcodeArea = z
  .string()
  .trim()
  .max(2, { message: COMPANY_MSG.areaInvalid, abort: true })
  .transform((s) => s.toUpperCase())
  .refine((s) => /^[A-Z]{1,2}$/.test(s), COMPANY_MSG.areaInvalid);

export const companySchema: z.ZodType<Company, unknown> = z.strictObject({
  name: requiredText(COMPANY_MSG.nameRequired, 60),
  legalName: text(120),
  companyNumber: text(8).refine((s) => s === '' || /^[A-Z0-9]{8}$/i.test(s), COMPANY_MSG.companyNumberInvalid),
  address: requiredText(COMPANY_MSG.addressRequired, 200),
  phone,
  email,
  officeHours: requiredText(COMPANY_MSG.hoursRequired, 80),
  serviceArea: z.array(postcodeArea).max(130, COMPANY_MSG.tooManyAreas),
  social: z.strictObject({ facebook: httpsLink, instagram: httpsLink, linkedin: httpsLink, x: httpsLink }),
  clients: figure,
  satisfaction: figure,
  response: figure,
  founded: z
    .string()
    .trim()
    .regex(/^(?:19|20)\d\d$/, COMPANY_MSG.foundedInvalid),
});
