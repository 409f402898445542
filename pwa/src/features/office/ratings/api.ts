// The office's ratings: GET /api/admin/ratings (a page of ratings, newest first, optionally one
// cleaner's, with the cleaners' averages).
import type { CleanerAverage, RatingDto } from '@shared/schemas/reminders';
import type { Paged } from '@shared/schemas/office';
import { officeGet, qs } from '../api';

export const RATINGS_PAGE_SIZE = 20;

export interface RatingsParams {
  employee?: string;
  page: number;
}

export type RatingsPage = Paged & { ratings: RatingDto[]; cleaners: CleanerAverage[]; };

export const ratingKeys = {
  all: ['office', 'ratings'] as const,
  list: (p: RatingsParams) => ['office', 'ratings', p] as const,
  /** Every cleaner's average (the unfiltered answer's; one rating row is enough). */
  averages: ['office', 'ratings', 'averages'] as const,
};

export const fetchRatings = (p: RatingsParams, limit = RATINGS_PAGE_SIZE) =>
  officeGet<RatingsPage>(`/ratings${qs({ employee: p.employee, page: p.page > 1 ? p.page : undefined, limit })}`);
