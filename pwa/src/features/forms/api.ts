// The three public forms go through the outbox (see shared/README.md): sent now, or kept and sent later.
// Sent without an account, so anyone on the device sees them waiting until they are sent.
import type { CareerInput, ContactInput, EnquiryInput } from '@shared/schemas/forms';
import type { FormPart } from '@/lib/db';
import { defineKind } from '@/lib/outbox/kinds';
import type { SubmitOutcome } from '@/lib/outbox/submit';
import { lazyModule } from '@/lib/lazyModule';

// The outbox (and Dexie with it, ~30 KB gzip) loads when the person starts filling a form, not with the page.
const outbox = lazyModule(() => import('@/lib/outbox/submit'));
export function preloadSending(): void {
  outbox().catch(() => undefined);
}

export interface FormAnswer {
  success?: boolean;
  message?: string;
}
export type FormOutcome = SubmitOutcome<FormAnswer>;

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
  label: ({ fields }: { fields: CareerInput; cv?: File | null }) => `Application: ${fields.position}`,
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

export const sendContact = async (input: ContactInput): Promise<FormOutcome> => (await outbox()).submit<FormAnswer>(contactKind, input);
export const sendEnquiry = async (input: EnquiryInput): Promise<FormOutcome> => (await outbox()).submit<FormAnswer>(enquiryKind, input);
export const sendCareer = async (input: { fields: CareerInput; cv?: File | null }): Promise<FormOutcome> => (await outbox()).submit<FormAnswer>(careerKind, input);
