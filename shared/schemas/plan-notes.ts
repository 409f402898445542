// A plan's access notes: what the customer tells their cleaner about getting in and the home
// (key safe, parking, pets). Read by the visit's own cleaner only (README "Plans and visits").
import { z } from 'zod';
import { PLAN_MSG } from '../messages-plans';

/** Longest access notes, after trimming. */
export const ACCESS_NOTES_MAX = 1000;

/** PUT /api/user/bookings/{id}/access-notes. The raw length is bounded first (linear validation), then trimmed. */
export const accessNotesSchema = z.strictObject({
  access_notes: z
    .string({ error: PLAN_MSG.accessNotesRequired })
    .max(ACCESS_NOTES_MAX * 2, { message: PLAN_MSG.accessNotesTooLong(ACCESS_NOTES_MAX), abort: true })
    .trim()
    .max(ACCESS_NOTES_MAX, PLAN_MSG.accessNotesTooLong(ACCESS_NOTES_MAX)),
});
export type AccessNotesInput = z.infer<typeof accessNotesSchema>;
