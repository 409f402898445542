// Paging of every list answer: the query parameters (one schema, extended per list with its filters)
// and the fields an answer carries beside its items.
import { z } from 'zod';
import { FIELD_MSG } from '../messages';
import { BLOG_SEARCH_MAX, BLOG_SORTS, BOOKING_STATUSES, EMPLOYEE_MY_BOOKINGS_FILTERS, EMPLOYEE_TYPE_FILTERS, PAGE_LIMIT_MAX, PAGE_MAX } from '../constants';

/** A whole number from 1 to `max`, written in a query string. */
const queryNumber = (name: string, max: number) =>
  z
    .string({ error: FIELD_MSG.queryNumber(name, max) })
    .regex(/^\d{1,6}$/, FIELD_MSG.queryNumber(name, max))
    .transform(Number)
    .pipe(z.number().int().min(1, FIELD_MSG.queryNumber(name, max)).max(max, FIELD_MSG.queryAtMost(name, max)));

/**
 * `?page=&limit=`: page from 1 (default 1), limit from 1 to PAGE_LIMIT_MAX (each list has its own
 * default, applied by the route). Unknown parameters are refused, so a typo is a 400, not a silent
 * full page.
 */
export const pagingQuerySchema = z.strictObject({
  page: queryNumber('page', PAGE_MAX).default(1),
  limit: queryNumber('limit', PAGE_LIMIT_MAX).optional(),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

/** Public blog list. */
export const blogListQuerySchema = pagingQuerySchema;

/** Employee blog management: search in title and text, and the spec's three sorts. */
export const employeeBlogQuerySchema = pagingQuerySchema.extend({
  q: z.string({ error: FIELD_MSG.notText('q') }).trim().max(BLOG_SEARCH_MAX, FIELD_MSG.namedTooLong('q', BLOG_SEARCH_MAX)).optional(),
  sort: z.enum(BLOG_SORTS, { error: FIELD_MSG.oneOf('sort', BLOG_SORTS) }).default('newest'),
});
export type EmployeeBlogQuery = z.infer<typeof employeeBlogQuerySchema>;

const TYPES = ['all', ...EMPLOYEE_TYPE_FILTERS] as const;
/** Available bookings, filtered by type (regular, deep, move; `all` or absent for every type). */
export const availableQuerySchema = pagingQuerySchema.extend({
  type: z.enum(TYPES, { error: FIELD_MSG.oneOf('type', TYPES) }).default('all'),
});
export type AvailableQuery = z.infer<typeof availableQuerySchema>;

/** The employee's own bookings, filtered by status (all, accepted, completed). */
export const myBookingsQuerySchema = pagingQuerySchema.extend({
  status: z.enum(EMPLOYEE_MY_BOOKINGS_FILTERS, { error: FIELD_MSG.oneOf('status', EMPLOYEE_MY_BOOKINGS_FILTERS) }).default('all'),
});
export type MyBookingsQuery = z.infer<typeof myBookingsQuerySchema>;

const CUSTOMER_STATUSES = ['all', ...BOOKING_STATUSES] as const;
/** The customer's own bookings, newest first, optionally one status. */
export const customerBookingsQuerySchema = pagingQuerySchema.extend({
  status: z.enum(CUSTOMER_STATUSES, { error: FIELD_MSG.oneOf('status', CUSTOMER_STATUSES) }).default('all'),
});
export type CustomerBookingsQuery = z.infer<typeof customerBookingsQuerySchema>;

/** The employee's work submissions: paging only. */
export const workSubmissionsQuerySchema = pagingQuerySchema;

/** Paging fields every list answer carries beside its items. */
export interface PageInfo {
  page: number;
  limit: number;
  /** Items matching the filters, over all pages. */
  total: number;
  /** Number of pages (0 when nothing matches). */
  pages: number;
}

export function pageInfo(page: number, limit: number, total: number): PageInfo {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** How many items to skip for a page. */
export const skipOf = ({ page, limit }: { page: number; limit: number; }) => (page - 1) * limit;
