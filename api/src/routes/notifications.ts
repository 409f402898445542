// This device's push subscription and the notification choices, for customers and staff alike;
// the public VAPID key; unsubscribing by a mail's signed link, without signing in; the notices a
// person was sent (/api/user/notices, /api/employee/notices).
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { notificationPreferencesSchema, pushSubscriptionSchema, pushUnsubscribeSchema, unsubscribeSchema } from '@shared/schemas/notifications';
import { NOTIFY_MSG } from '@shared/messages-notify';
import type { Deps } from '../deps';
import { parseBody, parseQuery } from '../http/validate';
import { badRequest, notFound } from '../lib/errors';
import { customerOf, employeeOf } from '../http/auth';
import { requireCustomer, requireEmployee } from './guards';
import { removeSubscription, saveSubscription, type Person } from '../notify/push';
import { preferencesOf, stopEmails, updatePreferences } from '../notify/preferences';
import { readUnsubscribeToken } from '../notify/unsubscribe';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { pagingQuerySchema } from '@shared/schemas/paging';
import { listNotices, markNoticesSeen, unseenNotices } from '../services/notices/notices';

function personRoutes(router: Router, deps: Deps, prefix: string, guard: Middleware, personOf: (ctx: Context) => Person) {
  router.post(`${prefix}/push-subscriptions`, guard, async (ctx) => {
    const sub = parseBody(ctx, pushSubscriptionSchema);
    const endpoint = deps.push.allowed(sub.endpoint);
    if (!endpoint) throw badRequest(NOTIFY_MSG.pushEndpointRefused);
    await saveSubscription(personOf(ctx), sub, endpoint, ctx.get('User-Agent'));
    ctx.status = 201;
    ctx.body = { success: true, message: NOTIFY_MSG.deviceSaved };
  });
  router.delete(`${prefix}/push-subscriptions`, guard, async (ctx) => {
    // DELETE carries no body here (the JSON parser reads POST/PUT/PATCH): the endpoint is in the query.
    const { endpoint } = parseQuery(ctx, pushUnsubscribeSchema);
    if (!(await removeSubscription(personOf(ctx), endpoint))) throw notFound(NOTIFY_MSG.pushNotFound);
    ctx.body = { success: true, message: NOTIFY_MSG.deviceRemoved };
  });
  router.get(`${prefix}/notification-preferences`, guard, async (ctx) => {
    ctx.body = { success: true, preferences: await preferencesOf(personOf(ctx)) };
  });
  router.put(`${prefix}/notification-preferences`, guard, async (ctx) => {
    const input = parseBody(ctx, notificationPreferencesSchema);
    ctx.body = { success: true, preferences: await updatePreferences(personOf(ctx), input, deps.clock.now()), message: NOTIFY_MSG.preferencesSaved };
  });
  // What was I told: every notice sent to me, newest first.
  router.get(`${prefix}/notices`, guard, async (ctx) => {
    const { page, limit = PAGE_LIMIT_DEFAULT } = parseQuery(ctx, pagingQuerySchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, ...(await listNotices(personOf(ctx), { page, limit })) };
  });
  // The bell: how many notices were sent since the list was last opened (on any device).
  router.get(`${prefix}/notices/unseen`, guard, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, unseen: await unseenNotices(personOf(ctx)) };
  });
  // The list was opened: every notice until now is seen.
  router.post(`${prefix}/notices/seen`, guard, async (ctx) => {
    await markNoticesSeen(personOf(ctx), deps.clock.now());
    ctx.body = { success: true, unseen: 0 };
  });
}

export function notificationsRouter(deps: Deps): Router {
  const router = new Router();
  router.get('/api/push/key', (ctx) => {
    ctx.body = { success: true, publicKey: deps.push.publicKey };
  });
  personRoutes(router, deps, '/api/user', requireCustomer(deps), (ctx) => ({ type: 'customer', id: String(customerOf(ctx)._id) }));
  personRoutes(router, deps, '/api/employee', requireEmployee(deps), (ctx) => ({ type: 'employee', id: String(employeeOf(ctx)._id) }));

  /** The token from the query (the mail's link, RFC 8058's one-click POST) or the page's JSON body. */
  const tokenOf = (ctx: Context) => {
    const q = typeof ctx.query.token === 'string' ? { token: ctx.query.token } : null;
    const { token } = q ? parseQuery(ctx, unsubscribeSchema) : parseBody(ctx, unsubscribeSchema);
    const read = readUnsubscribeToken(deps.config.jwtSecret, token);
    if (!read) throw badRequest(NOTIFY_MSG.unsubscribeInvalid);
    return read;
  };
  // What the link stops, for the page to show before the button.
  router.get('/api/unsubscribe', (ctx) => {
    const { kind } = tokenOf(ctx);
    const label = NOTIFY_MSG.kindLabel[kind];
    ctx.body = { success: true, kind, label, message: NOTIFY_MSG.unsubscribeWhat(label) };
  });
  router.post('/api/unsubscribe', async (ctx) => {
    const { person, kind } = tokenOf(ctx);
    await stopEmails(person, kind, deps.clock.now());
    ctx.body = { success: true, kind, message: NOTIFY_MSG.unsubscribeDone(NOTIFY_MSG.kindLabel[kind]) };
  });
  return router;
}
