// Signed links in notices that act on one visit without signing in: Skip this visit, Move this visit
// (until the visit's change cut-off) and Rate your clean. A token names the visit, its single purpose,
// the start it was written for, an expiry and a nonce, signed with a key derived from JWT_SECRET
// (HMAC-SHA256). Used once: the nonce is stored (VisitLinkUse) before the action and removed again if
// the action is refused. Skip and move go through the customer's own services (visits-customer.ts), so
// the cut-off and the plan's rules are the ones the app applies. Every bad link answers a clear state.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import mongoose from 'mongoose';
import { REMINDER_MSG } from '@shared/messages-reminders';
import type { VisitLinkPurpose, VisitLinkState, VisitLinkView } from '@shared/schemas/reminders';
import { VISIT_LINK_PURPOSES } from '@shared/schemas/reminders';
import { changeCutoff, londonDate, londonIso } from '@shared/visits';
import { Rating } from '../../models/Rating';
import { VisitLinkUse } from '../../models/VisitLinkUse';
import { isDuplicateKey } from '../../models/duplicate-key';
import { HttpError } from '../../lib/errors';
import { when } from './visit-mail';
import { visitContext, type VisitContext } from './visit-context';

export interface LinkClaims {
  visitId: string;
  purpose: VisitLinkPurpose;
  /** The visit's start (ms) the link was written for: a visit moved since is not acted on. */
  start: number;
  expires: number;
  nonce: string;
}

const keyFor = (secret: string) => createHash('sha256').update(`visit-link:${secret}`).digest();
const sign = (secret: string, body: string) => createHmac('sha256', keyFor(secret)).update(body).digest();

export function visitLinkToken(secret: string, c: Omit<LinkClaims, 'nonce'>): string {
  const body = Buffer.from(JSON.stringify({ v: c.visitId, p: c.purpose, s: c.start, x: c.expires, n: randomBytes(12).toString('base64url') })).toString(
    'base64url',
  );
  return `${body}.${sign(secret, body).toString('base64url')}`;
}

export function readVisitLinkToken(secret: string, token: string): LinkClaims | null {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const want = sign(secret, body);
  const got = Buffer.from(sig, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const v = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { v?: unknown; p?: unknown; s?: unknown; x?: unknown; n?: unknown; };
    if (typeof v.v !== 'string' || !mongoose.isValidObjectId(v.v) || !VISIT_LINK_PURPOSES.includes(v.p as VisitLinkPurpose)) return null;
    if (typeof v.s !== 'number' || typeof v.x !== 'number' || typeof v.n !== 'string') return null;
    return { visitId: v.v, purpose: v.p as VisitLinkPurpose, start: v.s, expires: v.x, nonce: v.n };
  } catch {
    return null;
  }
}

/** The page's address for a link (PUBLIC_URL, else a path). */
export const visitLinkUrl = (site: string, token: string) => `${site}/visit-link?token=${encodeURIComponent(token)}`;

/** How long a rating link works after the visit. */
export const RATING_LINK_DAYS = 30;

const STATUS_OF: Record<Exclude<VisitLinkState, 'ok'>, number> = { invalid: 400, expired: 410, used: 410, changed: 409, closed: 409, rated: 409 };

interface Checked {
  view: VisitLinkView;
  claims?: LinkClaims;
  ctx?: VisitContext;
}

const messageOf = (state: Exclude<VisitLinkState, 'ok'>, purpose: VisitLinkPurpose | null): string =>
  ({
    invalid: REMINDER_MSG.linkInvalid,
    expired: REMINDER_MSG.linkExpired,
    used: REMINDER_MSG.linkUsed,
    changed: REMINDER_MSG.linkChanged,
    closed: purpose === 'rate' ? REMINDER_MSG.rateNotYet : REMINDER_MSG.linkClosed,
    rated: REMINDER_MSG.alreadyRated,
  })[state];

/**
 * What a link may do now, and if not, why (never throws for a bad link). Only a link still good shows
 * the visit (its time, the cleaner's first name, the address): a used, expired or outdated one says
 * why in words alone, so an old e-mail does not keep telling whoever holds it where and when.
 */
export async function checkLink(secret: string, token: string, now: Date, cutoffTime: string): Promise<Checked> {
  const claims = readVisitLinkToken(secret, token);
  const bad = (state: Exclude<VisitLinkState, 'ok'>, ctx?: VisitContext): Checked => ({
    view: { status: state, purpose: claims?.purpose ?? null, message: messageOf(state, claims?.purpose ?? null) },
    claims: claims ?? undefined,
    ctx,
  });
  if (!claims) return bad('invalid');
  const ctx = await visitContext(claims.visitId);
  if (!ctx) return bad('closed');
  if (claims.purpose === 'rate') {
    if (await Rating.exists({ visit: ctx.visit._id })) return bad('rated', ctx);
    if (await VisitLinkUse.exists({ _id: claims.nonce })) return bad('used', ctx);
    if (now.getTime() >= claims.expires) return bad('expired', ctx);
    if (ctx.visit.state !== 'completed') return bad('closed', ctx);
  } else {
    if (await VisitLinkUse.exists({ _id: claims.nonce })) return bad('used', ctx);
    if (now.getTime() >= claims.expires || now.getTime() >= changeCutoff(ctx.visit.start, cutoffTime)) return bad('expired', ctx);
    if (ctx.visit.state !== 'scheduled') return bad('closed', ctx);
    if (ctx.visit.start.getTime() !== claims.start) return bad('changed', ctx);
  }
  return {
    view: {
      status: 'ok',
      purpose: claims.purpose,
      message: REMINDER_MSG.linkVisit(when(ctx.visit.start), ctx.cleaner?.firstName ?? '', ctx.address),
      visit: visitView(ctx, cutoffTime),
    },
    claims,
    ctx,
  };
}

function visitView(ctx: VisitContext, cutoffTime: string): NonNullable<VisitLinkView['visit']> {
  return {
    start: londonIso(ctx.visit.start),
    when: when(ctx.visit.start),
    day: londonDate(ctx.visit.start),
    cleaner_first_name: ctx.cleaner?.firstName ?? '',
    address: ctx.address,
    cutoff: when(changeCutoff(ctx.visit.start, cutoffTime)),
  };
}

/**
 * Runs the link's action once: refuses (with the link's state as status) when it may not act, stores
 * its use, and gives the use back when `act` refuses, so a refused try (a day already taken) leaves the
 * link usable.
 */
export async function useLink<T>(
  secret: string,
  token: string,
  now: Date,
  cutoffTime: string,
  act: (claims: LinkClaims, ctx: VisitContext) => Promise<T>,
): Promise<T> {
  const { view, claims, ctx } = await checkLink(secret, token, now, cutoffTime);
  if (view.status !== 'ok' || !claims || !ctx) {
    throw new HttpError(STATUS_OF[view.status as Exclude<VisitLinkState, 'ok'>], view.message, { link_status: view.status });
  }
  try {
    await VisitLinkUse.create({ _id: claims.nonce, visit: ctx.visit._id, purpose: claims.purpose, used_at: now });
  } catch (err) {
    if (isDuplicateKey(err)) throw new HttpError(410, REMINDER_MSG.linkUsed, { link_status: 'used' });
    throw err;
  }
  try {
    return await act(claims, ctx);
  } catch (err) {
    await VisitLinkUse.deleteOne({ _id: claims.nonce });
    throw err;
  }
}
