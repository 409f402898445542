// The three public forms go through the outbox (see shared/README.md): sent now, or kept and sent later.
// Sent without an account, so anyone on the device sees them waiting until they are sent.
// The page paints and takes input without any of it: the sending code (sending.ts: the outbox, Dexie,
// the API client) loads when the person starts filling a form, or at the latest on submit.
import type { CareerInput, ContactInput, EnquiryInput } from '@shared/schemas/forms';
import type { FormFailure, FormOutcome } from './outcome';
import { lazyModule } from '@/lib/lazyModule';

const sending = lazyModule(() => import('./sending'));
export function preloadSending(): void {
  sending().catch(() => undefined);
}

/** The failure `err` describes; if the sending code itself could not load, the form's own message. */
export async function failureOf(err: unknown): Promise<FormFailure> {
  try {
    return (await sending()).failureOf(err);
  } catch {
    return { refused: false, fieldErrors: {}, message: (fallback) => fallback };
  }
}

export const sendContact = async (input: ContactInput): Promise<FormOutcome> => (await sending()).sendContact(input);
export const sendEnquiry = async (input: EnquiryInput): Promise<FormOutcome> => (await sending()).sendEnquiry(input);
export const sendCareer = async (input: { fields: CareerInput; cv?: File | null; }): Promise<FormOutcome> => (await sending()).sendCareer(input);
