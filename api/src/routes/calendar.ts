// Calendar subscription (README "Calendar subscription"): the private feed at /calendar/{secret}.ics
// (no sign-in: the secret is the key; rate-limited per address of the caller), and each person's own
// address on their profile: GET shows it (made on first ask), POST makes a new one (the old one
// answers 404 at once).
import Router from '@koa/router';
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { CALENDAR_MSG } from '@shared/messages-calendar';
import type { Deps } from '../deps';
import { authOf, customerOf } from '../http/auth';
import { requireCustomer, requireEmployee } from './guards';
import { notFound } from '../lib/errors';
import { answerWithEtag } from '../http/etag';
import { rateLimit } from '../http/rate-limit';
import { calendarKey, calendarSecret, calendarUrls, ownerOfSecret, rotateCalendarSecret, type CalendarOwner } from '../services/schedule/calendar-address';
import { calendarFeed } from '../services/schedule/calendar-feed';

/** Feed fetches per caller address per quarter hour: calendar apps poll hourly at most; a few people may share one address. */
const FEED_MAX = 120;
/** New addresses per person per hour. */
const ROTATE_MAX = 10;
const QUARTER_HOUR = 15 * 60_000;

export function calendarRouter(deps: Deps): Router {
  const router = new Router();
  const key = calendarKey(deps.config.jwtSecret);
  // Koa 3's ctx.origin is the Origin header; the address is built from the host this request reached.
  const base = (ctx: Context) => deps.config.publicUrl || `${ctx.protocol}://${ctx.host}`;
  const feedLimit = rateLimit({ name: 'calendar-feed-ip', max: FEED_MAX, windowMs: QUARTER_HOUR, key: (ctx) => ctx.ip, clock: deps.clock });
  const rotateLimit = rateLimit({ name: 'calendar-rotate', max: ROTATE_MAX, windowMs: 4 * QUARTER_HOUR, key: (ctx) => authOf(ctx).sub, clock: deps.clock });
  const customer = (ctx: Context): CalendarOwner => ({ kind: 'customer', id: String(customerOf(ctx)._id) });
  const employee = (ctx: Context): CalendarOwner => ({ kind: 'employee', id: authOf(ctx).sub });

  router.get('/calendar/:secret.ics', feedLimit, async (ctx) => {
    const owner = await ownerOfSecret(ctx.params.secret);
    const ics = owner && (await calendarFeed(owner, deps.clock.now(), deps.config.visitHorizonDays));
    if (!ics) throw notFound(CALENDAR_MSG.feedNotFound);
    // Private to the person (no shared cache keeps it after the address is replaced); a poll that
    // finds nothing new costs a 304.
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('X-Robots-Tag', 'noindex');
    ctx.set('Content-Disposition', 'inline; filename="visits.ics"');
    answerWithEtag(ctx, createHash('sha256').update(ics).digest('base64url').slice(0, 27), 'text/calendar; charset=utf-8', ics);
  });

  const show = (who: (ctx: Context) => CalendarOwner) => async (ctx: Context) => {
    ctx.body = { success: true, calendar: calendarUrls(base(ctx), await calendarSecret(key, who(ctx))) };
  };
  const rotate = (who: (ctx: Context) => CalendarOwner) => async (ctx: Context) => {
    ctx.body = { success: true, message: CALENDAR_MSG.rotated, calendar: calendarUrls(base(ctx), await rotateCalendarSecret(key, who(ctx))) };
  };
  const asCustomer = requireCustomer(deps);
  const asEmployee = requireEmployee(deps);
  router.get('/api/user/calendar-address', asCustomer, show(customer));
  router.post('/api/user/calendar-address', asCustomer, rotateLimit, rotate(customer));
  router.get('/api/employee/calendar-address', asEmployee, show(employee));
  router.post('/api/employee/calendar-address', asEmployee, rotateLimit, rotate(employee));
  return router;
}
