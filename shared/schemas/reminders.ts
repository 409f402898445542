// Reminders and live notices (README "Reminders and live notices"): On my way, ratings, the office's
// list of ratings, and the signed visit links' answers.
import { z } from 'zod';
import { FIELD_MSG } from '../messages';
import { REMINDER_MSG } from '../messages-reminders';
import { boundedString, objectId } from './common';
import { pagingQuerySchema } from './paging';

/** About how long until the cleaner arrives, in minutes (the buttons offered). */
export const ON_MY_WAY_MINUTES = [10, 20, 30, 45] as const;
export const onMyWaySchema = z.strictObject({
  minutes: z.union(ON_MY_WAY_MINUTES.map((m) => z.literal(m)) as [z.ZodLiteral<10>, z.ZodLiteral<20>, z.ZodLiteral<30>, z.ZodLiteral<45>], {
    error: FIELD_MSG.required('Minutes (10, 20, 30 or 45)'),
  }),
});

export type OnMyWayMinutes = (typeof ON_MY_WAY_MINUTES)[number];

export const RATING_COMMENT_MAX = 1000;
export const ratingSchema = z.strictObject({
  stars: z.number({ error: REMINDER_MSG.rateChoose }).int(REMINDER_MSG.rateChoose).min(1, REMINDER_MSG.rateChoose).max(5, REMINDER_MSG.rateChoose),
  comment: z.string().trim().max(RATING_COMMENT_MAX, FIELD_MSG.tooLong(RATING_COMMENT_MAX)).optional(),
});
export type RatingInput = z.infer<typeof ratingSchema>;

/** `?employee=&page=&limit=` of the office's ratings. */
export const adminRatingsQuerySchema = pagingQuerySchema.extend({ employee: objectId.optional() });

/** A signed visit link's token (in the path). */
export const visitLinkTokenSchema = boundedString(600, REMINDER_MSG.linkInvalid).min(20, REMINDER_MSG.linkInvalid);

/** The POST of a link: nothing to skip, the new start to move, the stars to rate. */
export const visitLinkActionSchema = z.strictObject({
  start: boundedString(40, FIELD_MSG.required('A start (date and time)')).optional(),
  stars: ratingSchema.shape.stars.optional(),
  comment: ratingSchema.shape.comment,
});

export const VISIT_LINK_PURPOSES = ['skip', 'move', 'rate'] as const;
export type VisitLinkPurpose = (typeof VISIT_LINK_PURPOSES)[number];
/** What a link's page shows: ok (it can act), or why not. */
export const VISIT_LINK_STATES = ['ok', 'invalid', 'expired', 'used', 'changed', 'closed', 'rated'] as const;
export type VisitLinkState = (typeof VISIT_LINK_STATES)[number];

export interface VisitLinkView {
  status: VisitLinkState;
  purpose: VisitLinkPurpose | null;
  message: string;
  visit?: { start: string; when: string; cleaner_first_name: string; address: string; cutoff: string; day: string; };
}

export interface RatingDto {
  id: string;
  visit_id: string;
  reference: string;
  visit_start: string | null;
  employee_id: string | null;
  cleaner_name: string;
  stars: number;
  comment: string;
  created_at: string;
}
export interface CleanerAverage {
  employee_id: string;
  name: string;
  average: number;
  count: number;
}
