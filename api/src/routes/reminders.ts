// Reminders and live notices (README "Reminders and live notices"): the signed visit links of notices
// (public: what a link may do, and doing it once), the cleaner's On my way, ratings (the customer's, in
// the app; the cleaner's own average) and the office's list of ratings (/api/admin/ratings).
import Router from '@koa/router';
import type { Context } from 'koa';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { REMINDER_MSG } from '@shared/messages-reminders';
import { moveVisitSchema, recleanSchema } from '@shared/schemas/visits';
import { adminRatingsQuerySchema, onMyWaySchema, ratingSchema, visitLinkActionSchema, visitLinkTokenSchema } from '@shared/schemas/reminders';
import type { Deps } from '../deps';
import { authOf, customerOf, requireRole } from '../http/auth';
import { requireCustomer, requireEmployee } from './guards';
import { idempotent } from '../http/idempotency';
import { rateLimit } from '../http/rate-limit';
import { parseBody, parseId, parseQuery } from '../http/validate';
import { OFFICE_ROLES } from '@shared/schemas/office';
import { checkLink, useLink } from '../services/plans/visit-links';
import type { Rules } from '../services/plans/visits-customer';
import { moveAndTell, skipAndTell } from '../services/plans/visit-actions';
import { cleanerSummary, listRatings } from '../services/plans/ratings';
import { bookReclean, rateAndFollowUp, rateOwnAndFollowUp } from '../services/plans/reclean';
import { onMyWay } from '../services/plans/visit-notices';
import { when } from '../services/plans/visit-mail';

/** Link tries per IP: enough for a household, too few to guess at signatures. */
const LINK_MAX = 60;
const LINK_WINDOW_MS = 10 * 60_000;

export function remindersRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  const rules = (): Rules => ({ now: deps.clock.now(), cutoff: deps.config.visitChangeCutoff, horizonDays: deps.config.visitHorizonDays });
  const token = (ctx: Context) => visitLinkTokenSchema.parse((ctx.params as Record<string, string>).token);
  const linkLimit = rateLimit({ name: 'visit-link', max: LINK_MAX, windowMs: LINK_WINDOW_MS, key: (ctx) => ctx.ip, clock: deps.clock });

  // What the link may do now, or why not: always 200 with a status, so the page shows a clear state.
  router.get('/visit-links/:token', linkLimit, async (ctx) => {
    const raw = (ctx.params as Record<string, string>).token;
    const parsed = visitLinkTokenSchema.safeParse(raw);
    const { view } = parsed.success
      ? await checkLink(deps.config.jwtSecret, parsed.data, deps.clock.now(), deps.config.visitChangeCutoff)
      : { view: { status: 'invalid', purpose: null, message: REMINDER_MSG.linkInvalid } };
    ctx.body = { success: true, ...view };
  });

  // Does what the link is for, once: skip, move (body: start) or rate (body: stars, comment).
  router.post('/visit-links/:token', linkLimit, async (ctx) => {
    const t = token(ctx);
    const body = parseBody(ctx, visitLinkActionSchema);
    const secret = deps.config.jwtSecret;
    const cutoff = deps.config.visitChangeCutoff;
    const answer = await useLink(secret, t, deps.clock.now(), cutoff, async (claims, c) => {
      const userId = String(c.visit.user);
      if (claims.purpose === 'skip') {
        const visit = await skipAndTell(deps, userId, claims.visitId, rules());
        return { message: REMINDER_MSG.linkSkipped(when(c.visit.start)), visit };
      }
      if (claims.purpose === 'move') {
        const { start } = moveVisitSchema.parse({ start: body.start });
        const visit = await moveAndTell(deps, userId, claims.visitId, start, rules());
        return { message: REMINDER_MSG.linkMoved(when(c.visit.start), when(start)), visit };
      }
      const input = ratingSchema.parse({ stars: body.stars, comment: body.comment });
      const low = await rateAndFollowUp(deps, c.visit, input);
      return { message: low.message ?? REMINDER_MSG.rated, reclean_until: low.reclean_until };
    });
    ctx.body = { success: true, ...answer };
  });

  router.post('/employee/visits/:id/on-my-way', requireEmployee(deps), idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const { minutes } = parseBody(ctx, onMyWaySchema);
    const { told } = await onMyWay(deps, authOf(ctx).sub, id, minutes);
    ctx.body = { success: true, message: told ? REMINDER_MSG.onMyWaySent : REMINDER_MSG.onMyWayAlready };
  });

  router.get('/employee/ratings/summary', requireEmployee(deps), async (ctx) => {
    ctx.body = { success: true, ...(await cleanerSummary(authOf(ctx).sub)) };
  });

  router.post('/user/visits/:id/rating', requireCustomer(deps), idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const input = parseBody(ctx, ratingSchema);
    const low = await rateOwnAndFollowUp(deps, String(customerOf(ctx)._id), id, input);
    ctx.status = 201;
    ctx.body = { success: true, message: low.message ?? REMINDER_MSG.rated, reclean_until: low.reclean_until };
  });

  // The free re-clean a low rating offered, booked by the customer (the office books it at /api/admin/visits/{id}/reclean).
  router.post('/user/visits/:id/reclean', requireCustomer(deps), idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const { start } = parseBody(ctx, recleanSchema);
    const { visit, message } = await bookReclean(deps, { customer: String(customerOf(ctx)._id) }, id, start);
    ctx.status = 201;
    ctx.body = { success: true, message, visit };
  });

  router.get('/admin/ratings', requireEmployee(deps), requireRole(...OFFICE_ROLES), async (ctx) => {
    const { limit = PAGE_LIMIT_DEFAULT, ...q } = parseQuery(ctx, adminRatingsQuerySchema);
    const { ratings, cleaners, info } = await listRatings({ ...q, limit });
    ctx.body = { success: true, ratings, cleaners, ...info };
  });

  return router;
}
