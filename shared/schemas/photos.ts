// Photos and problems of a visit (shared/README.md "Photos" and "Problems"): the cleaner's form fields,
// the office's and the customer's answers, and the limits both halves check.
import { z } from 'zod';
import { FIELD_MSG } from '../messages';
import { boundedString, objectId } from './common';
import { pagingQuerySchema } from './paging';

/** A photo's largest size the server takes (the phone sends ≤ 1600 px JPEGs, far smaller). */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** Photos one visit may hold: enough for before and after of every room, and problems. */
export const PHOTOS_PER_VISIT = 40;
/** The longest edge the phone resizes a photo to before keeping it. */
export const PHOTO_MAX_EDGE = 1600;
/** The content types a photo may have, by its bytes. */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PHOTO_STAGES = ['before', 'after', 'problem'] as const;
export type PhotoStage = (typeof PHOTO_STAGES)[number];
export const ROOM_MAX = 60;

/** The text fields of POST /api/employee/visits/{id}/photos (multipart, beside the `photo` file). */
export const photoFieldsSchema = z
  .strictObject({
    room: boundedString(ROOM_MAX, FIELD_MSG.tooLong(ROOM_MAX), FIELD_MSG.required('A room')).trim().min(1, FIELD_MSG.required('A room')),
    stage: z.enum(PHOTO_STAGES, { error: FIELD_MSG.oneOf('stage', PHOTO_STAGES) }),
    problem_id: objectId.optional(),
  })
  .refine((v) => v.stage === 'problem' || v.problem_id === undefined, { message: FIELD_MSG.oneOf('stage', ['problem']), path: ['stage'] });
export type PhotoFields = z.infer<typeof photoFieldsSchema>;

export interface PhotoDto {
  id: string;
  room: string;
  stage: PhotoStage;
  /** The bytes, for the visit's customer, its cleaner and the office: a link signed for the reader, valid for a while. */
  url: string;
  /** London ISO time the server received it. */
  taken_at: string;
  problem_id?: string;
}

export const PROBLEM_KINDS = ['couldnt_get_in', 'broken', 'missing', 'unsafe', 'other'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];
/** The kinds about the customer's home or belongings: the customer is told. */
export const CUSTOMER_PROBLEM_KINDS: readonly ProblemKind[] = ['broken', 'missing', 'unsafe'];
export const PROBLEM_NOTE_MAX = 1000;

/**
 * POST /api/employee/visits/{id}/problems. `id`: made on the phone (a 24-hex id) so photos taken
 * offline can name the problem before the server has it; the same id twice is one problem.
 */
export const problemSchema = z.strictObject({
  id: objectId.optional(),
  kind: z.enum(PROBLEM_KINDS, { error: FIELD_MSG.oneOf('kind', PROBLEM_KINDS) }),
  note: boundedString(PROBLEM_NOTE_MAX, FIELD_MSG.tooLong(PROBLEM_NOTE_MAX)).trim().default(''),
});
export type ProblemInput = z.infer<typeof problemSchema>;

/** POST /api/admin/problems/{id}/resolve: what the office did, for the record. */
export const resolveProblemSchema = z.strictObject({
  note: boundedString(PROBLEM_NOTE_MAX, FIELD_MSG.tooLong(PROBLEM_NOTE_MAX), FIELD_MSG.required('A note'))
    .trim()
    .min(1, FIELD_MSG.required('A note')),
});

export const PROBLEM_STATES = ['open', 'resolved'] as const;
export type ProblemState = (typeof PROBLEM_STATES)[number];
export const problemsQuerySchema = pagingQuerySchema.extend({
  state: z.enum(PROBLEM_STATES, { error: FIELD_MSG.oneOf('state', PROBLEM_STATES) }).default('open'),
});

export interface ProblemDto {
  id: string;
  visit_id: string;
  kind: ProblemKind;
  note: string;
  state: ProblemState;
  /** London ISO times. */
  reported_at: string;
  resolved_at?: string;
  resolve_note?: string;
  /** The office's list also says where and who. */
  reference?: string;
  visit_start?: string;
  customer_name?: string;
  cleaner_first_name?: string;
  postcode?: string;
}

/** A phone-made id for a problem (24 hex digits, like the server's own). */
export function newProblemId(random: (n: number) => Uint8Array, now = Date.now()): string {
  const secs = Math.floor(now / 1000).toString(16).padStart(8, '0');
  return secs + [...random(8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
