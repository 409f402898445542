import { z } from 'zod';
import { FIELD_MSG, MSG } from '../messages';
import { CAREER_POSITIONS, ENQUIRY_SERVICES } from '../constants';
import { email, optionalText, requiredText } from './common';

export const contactSchema = z.strictObject({
  name: requiredText(MSG.nameRequired, 100),
  email,
  phone: optionalText(40),
  message: requiredText(FIELD_MSG.required('Message'), 5000),
});
export type ContactInput = z.infer<typeof contactSchema>;

const count = z.number({ error: FIELD_MSG.notANumber }).int(FIELD_MSG.notWhole).min(0, FIELD_MSG.negative).max(1000).optional();

export const enquirySchema = z.strictObject({
  name: requiredText(MSG.nameRequired, 100),
  email,
  phone: optionalText(40),
  service: z.enum(ENQUIRY_SERVICES, { error: FIELD_MSG.chooseService }),
  date: optionalText(40),
  postcode: optionalText(8),
  location: optionalText(200),
  bedrooms: count,
  bathrooms: count,
  appliances: count,
  receptions: count,
  details: optionalText(5000),
  commercialCleaners: count,
  hours: z.number({ error: FIELD_MSG.notANumber }).min(0, FIELD_MSG.negative).max(1000).optional(),
  consent: z.literal(true, { error: FIELD_MSG.chooseConsent }),
});
export type EnquiryInput = z.infer<typeof enquirySchema>;

/** Career application text fields (multipart; the CV is a file part). */
export const careerSchema = z.strictObject({
  name: requiredText(MSG.nameRequired, 100),
  email,
  phone: optionalText(40),
  position: z.enum(CAREER_POSITIONS, { error: FIELD_MSG.choosePosition }),
  message: optionalText(5000),
});
export type CareerInput = z.infer<typeof careerSchema>;
