// OpenAPI operations of reminders and live notices (README "Reminders and live notices"): the signed
// visit links, On my way, ratings. Spread into document.ts's SCHEMAS and OPERATIONS.
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { recleanSchema } from '@shared/schemas/visits';
import { adminRatingsQuerySchema, onMyWaySchema, ratingSchema, visitLinkActionSchema } from '@shared/schemas/reminders';

export const REMINDER_SCHEMAS = { OnMyWay: onMyWaySchema, Rating: ratingSchema, VisitLinkAction: visitLinkActionSchema, Reclean: recleanSchema };

const PAGE = ['page', 'limit', 'total', 'pages'];

export const REMINDER_OPS = [
  {
    method: 'get' as const,
    path: '/api/visit-links/{token}',
    tag: 'reminders',
    summary:
      "What a notice's signed visit link (skip, move, rate) may do now, without signing in: status ok, or invalid / expired / used / changed / closed / rated, always with a message",
    ok: 200 as const,
    answer: ['status', 'purpose', 'visit'],
    errors: [429],
  },
  {
    method: 'post' as const,
    path: '/api/visit-links/{token}',
    tag: 'reminders',
    summary: 'Do what the link is for, once: skip the visit, move it (`start`) until its change cut-off, or rate the finished clean (`stars`, `comment`)',
    json: 'VisitLinkAction' as const,
    ok: 200 as const,
    answer: ['visit'],
    errors: [400, 409, 410, 429],
  },
  {
    method: 'post' as const,
    path: '/api/employee/visits/{id}/on-my-way',
    tag: 'employee visits',
    summary: "On my way (about 10/20/30/45 minutes): the visit's cleaner only; the customer is told at once, once",
    auth: 'employee' as const,
    json: 'OnMyWay' as const,
    ok: 200 as const,
    answer: [],
    errors: [400, 404, 409],
    idempotent: true,
  },
  {
    method: 'get' as const,
    path: '/api/employee/ratings/summary',
    tag: 'employee visits',
    summary: 'My average rating and how many ratings',
    auth: 'employee' as const,
    ok: 200 as const,
    answer: ['average', 'count'],
    errors: [],
  },
  {
    method: 'post' as const,
    path: '/api/user/visits/{id}/rating',
    tag: 'customer plans',
    summary:
      'Rate my finished visit: 1–5 stars and an optional comment, once per visit; 2★ or less opens a case for the office and offers a free re-clean until `reclean_until`',
    auth: 'customer' as const,
    json: 'Rating' as const,
    ok: 201 as const,
    answer: ['reclean_until'],
    errors: [400, 404, 409],
    idempotent: true,
  },
  {
    method: 'post' as const,
    path: '/api/user/visits/{id}/reclean',
    tag: 'customer plans',
    summary: 'Book the free re-clean of my visit rated 2★ or less: a visit at no charge within 48 hours of the rating',
    auth: 'customer' as const,
    json: 'Reclean' as const,
    ok: 201 as const,
    answer: ['visit'],
    errors: [400, 404, 409],
    idempotent: true,
  },
  {
    method: 'post' as const,
    path: '/api/admin/visits/{id}/reclean',
    tag: 'office visits',
    summary: 'Book the free re-clean of a visit rated 2★ or less for its customer (who is told), within 48 hours of the rating',
    auth: 'employee' as const,
    json: 'Reclean' as const,
    ok: 201 as const,
    answer: ['visit'],
    errors: [400, 403, 404, 409],
  },
  {
    method: 'get' as const,
    path: '/api/admin/ratings',
    tag: 'office visits',
    summary: "A page of ratings, newest first, with comments (optionally one cleaner's), and each cleaner's average",
    auth: 'employee' as const,
    ok: 200 as const,
    answer: ['ratings', 'cleaners', ...PAGE],
    errors: [400, 403],
    paged: { query: adminRatingsQuerySchema, defaultLimit: PAGE_LIMIT_DEFAULT },
  },
];
