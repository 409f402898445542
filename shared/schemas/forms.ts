import { z } from 'zod';
import { CAREER_POSITIONS, ENQUIRY_SERVICES } from '../constants';
import { email, optionalText, requiredText } from './common';

export const contactSchema = z.strictObject({
  name: requiredText('Name is required', 100),
  email,
  phone: optionalText(40),
  message: requiredText('Message is required', 5000),
});
export type ContactInput = z.infer<typeof contactSchema>;

const count = z.number({ error: 'Must be a number' }).int('Must be a whole number').min(0, 'Must be 0 or more').max(1000).optional();

export const enquirySchema = z.strictObject({
  name: requiredText('Name is required', 100),
  email,
  phone: optionalText(40),
  service: z.enum(ENQUIRY_SERVICES, { error: 'Please choose a service' }),
  date: optionalText(40),
  postcode: optionalText(8),
  location: optionalText(200),
  bedrooms: count,
  bathrooms: count,
  appliances: count,
  receptions: count,
  details: optionalText(5000),
  commercialCleaners: count,
  hours: z.number({ error: 'Must be a number' }).min(0, 'Must be 0 or more').max(1000).optional(),
  consent: z.literal(true, { error: 'Please give your consent so we can contact you' }),
});
export type EnquiryInput = z.infer<typeof enquirySchema>;

/** Career application text fields (multipart; the CV is a file part). */
export const careerSchema = z.strictObject({
  name: requiredText('Name is required', 100),
  email,
  phone: optionalText(40),
  position: z.enum(CAREER_POSITIONS, { error: 'Please choose a position' }),
  message: optionalText(5000),
});
export type CareerInput = z.infer<typeof careerSchema>;
