// Calendar subscription (README "Calendar subscription"): each person's private address, and the feed
// it names. Spread into OPERATIONS by document.ts.
import type { OperationOf } from './operation';

const ADDRESS = 'The address is `webcal://<host>/calendar/<secret>.ics` (a 256-bit secret; `url` is the same file over https)';

export const CALENDAR_OPERATIONS: OperationOf<never>[] = [
  {
    method: 'get',
    path: '/api/user/calendar-address',
    tag: 'calendar',
    summary: `My private calendar address, made on first ask. ${ADDRESS}`,
    auth: 'customer',
    ok: 200,
    answer: ['calendar'],
    errors: [],
  },
  {
    method: 'post',
    path: '/api/user/calendar-address',
    tag: 'calendar',
    summary: 'Make a new calendar address: the old one answers 404 at once',
    auth: 'customer',
    ok: 200,
    answer: ['calendar'],
    errors: [429],
  },
  {
    method: 'get',
    path: '/api/employee/calendar-address',
    tag: 'calendar',
    summary: `My private calendar address, made on first ask. ${ADDRESS}`,
    auth: 'employee',
    ok: 200,
    answer: ['calendar'],
    errors: [403],
  },
  {
    method: 'post',
    path: '/api/employee/calendar-address',
    tag: 'calendar',
    summary: 'Make a new calendar address: the old one answers 404 at once',
    auth: 'employee',
    ok: 200,
    answer: ['calendar'],
    errors: [403, 429],
  },
  {
    method: 'get',
    path: '/calendar/{secret}.ics',
    tag: 'calendar',
    summary:
      "A person's visits as an RFC 5545 calendar (no sign-in: the secret is the key). A month back to the generation horizon, at most 400 entries; skipped and cancelled visits left out; one stable UID per visit with SEQUENCE/DTSTAMP/LAST-MODIFIED from its last change; times in TZID=Europe/London with its VTIMEZONE. A customer's feed names the cleaner by first name only. ETag / 304; rate-limited per caller address",
    ok: 200,
    answer: [],
    errors: [404, 429],
    binary: 'text/calendar',
  },
];
