// The three public forms go through the outbox (spec §7 + issue 6): sent now, or kept and sent later.
import type { CareerInput, ContactInput, EnquiryInput } from '../../../../shared/schemas/forms';
import type { FormPart } from '../../lib/db';
import { submitThroughOutbox, type SubmitOutcome } from '../../lib/outbox/submit';

export interface FormAnswer {
  success?: boolean;
  message?: string;
}
export type FormOutcome = SubmitOutcome<FormAnswer>;

export function sendContact(input: ContactInput): Promise<FormOutcome> {
  return submitThroughOutbox<FormAnswer>({ kind: 'contact', label: `Contact message from ${input.name}`, path: '/api/contact', auth: 'none', json: input });
}

export function sendEnquiry(input: EnquiryInput): Promise<FormOutcome> {
  return submitThroughOutbox<FormAnswer>({ kind: 'enquiry', label: `Enquiry: ${input.service}`, path: '/api/enquiry', auth: 'none', json: input });
}

/** Multipart: the text fields, then the CV (kept as a Blob in the outbox while offline). */
export function sendCareer({ fields, cv }: { fields: CareerInput; cv?: File | null }): Promise<FormOutcome> {
  const form: FormPart[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') form.push({ name, value: String(value) });
  }
  if (cv) form.push({ name: 'cv', file: cv, filename: cv.name });
  return submitThroughOutbox<FormAnswer>({ kind: 'career', label: `Application: ${fields.position}`, path: '/api/career', auth: 'none', form });
}
