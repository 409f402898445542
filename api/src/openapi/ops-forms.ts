// OpenAPI operations of the public forms: contact, enquiry, career application (spread into document.ts).
import type { z } from 'zod';
import { careerSchema, contactSchema, enquirySchema } from '@shared/schemas/forms';
import type { OperationOf } from './operation';

/** Request schemas these operations name. */
export const FORM_SCHEMAS = {
  Contact: contactSchema,
  Enquiry: enquirySchema,
  CareerFields: careerSchema,
} satisfies Record<string, z.ZodType>;

type FormOp = OperationOf<keyof typeof FORM_SCHEMAS>;

const op = (o: FormOp) => o;
const V = [400];

export const FORM_OPS: FormOp[] = [
  op({
    method: 'post',
    path: '/api/contact',
    tag: 'public forms',
    summary: 'Send a contact message',
    json: 'Contact',
    ok: 201,
    answer: [],
    errors: [...V, 429],
    idempotent: true,
  }),
  op({
    method: 'post',
    path: '/api/enquiry',
    tag: 'public forms',
    summary: 'Send a quote enquiry',
    json: 'Enquiry',
    ok: 201,
    answer: [],
    errors: [...V, 429],
    idempotent: true,
  }),
  op({
    method: 'post',
    path: '/api/career',
    tag: 'public forms',
    summary: 'Apply for a job (optional CV: PDF, DOC or DOCX, checked by content)',
    multipart: { fields: 'CareerFields', file: 'cv', fileTypes: '.pdf, .doc, .docx' },
    ok: 201,
    answer: [],
    errors: [...V, 413, 415, 429],
    idempotent: true,
  }),
];
