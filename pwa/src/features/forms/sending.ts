// What sending a public form needs, loaded on the first input or at the latest on submit (api.ts): the
// outbox kinds of the three forms, the outbox itself (and Dexie with it, ~30 KB gzip) and the API
// client, whose errors say what went wrong.
import type { CareerInput, ContactInput, EnquiryInput } from '@shared/schemas/forms';
import { ApiError, errorMessage } from '@/lib/api';
import type { FormPart } from '@/lib/db';
import { defineKind } from '@/lib/outbox/kinds';
import { submit } from '@/lib/outbox/submit';
import type { FormAnswer, FormFailure, FormOutcome } from './outcome';

const noMeta = () => ({});

export const contactKind = defineKind({
  kind: 'contact',
  auth: 'none',
  label: (input: ContactInput) => `Contact message from ${input.name}`,
  request: (input) => ({ path: '/api/contact', json: input }),
  meta: noMeta,
  invalidates: [],
});

export const enquiryKind = defineKind({
  kind: 'enquiry',
  auth: 'none',
  label: (input: EnquiryInput) => `Enquiry: ${input.service}`,
  request: (input) => ({ path: '/api/enquiry', json: input }),
  meta: noMeta,
  invalidates: [],
});

/** Multipart: the text fields, then the CV (kept as a Blob in the outbox while offline). */
export const careerKind = defineKind({
  kind: 'career',
  auth: 'none',
  label: ({ fields }: { fields: CareerInput; cv?: File | null; }) => `Application: ${fields.position}`,
  request: ({ fields, cv }) => {
    const form: FormPart[] = [];
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined && value !== '') form.push({ name, value: String(value) });
    }
    if (cv) form.push({ name: 'cv', file: cv, filename: cv.name });
    return { path: '/api/career', form };
  },
  meta: noMeta,
  invalidates: [],
});

export const sendContact = (input: ContactInput): Promise<FormOutcome> => submit<FormAnswer>(contactKind, input);
export const sendEnquiry = (input: EnquiryInput): Promise<FormOutcome> => submit<FormAnswer>(enquiryKind, input);
export const sendCareer = (input: { fields: CareerInput; cv?: File | null; }): Promise<FormOutcome> => submit<FormAnswer>(careerKind, input);

export function failureOf(err: unknown): FormFailure {
  const refused = err instanceof ApiError;
  return { refused, fieldErrors: refused ? err.fieldErrors : {}, message: (fallback) => errorMessage(err, fallback) };
}
