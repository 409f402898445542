// Password guesses, counted under several keys at once (the account across all IPs, the IP across
// all accounts). An attempt is counted before the password is checked: with check-then-count,
// parallel guesses all passed the check before any of them counted, so a burst could try far more
// passwords than the limit. An attempt whose password was right gives its counts back, so only
// wrong passwords use the allowance; a refused attempt (429) checks nothing and counts nothing.
//
// Known devices: a per-account cap alone lets a stranger lock the owner out with ten wrong passwords.
// A successful sign-in leaves a device cookie (HttpOnly, SameSite=Strict, sent to /api/auth only)
// holding a mark per account: a random device id and an expiry, HMAC'd with JWT_SECRET and bound to
// the account's e-mail, so every instance can check it and nothing is stored. From a device marked
// for the account, failures count per account and device; from any other, per account (shared).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_MSG } from '@shared/messages-api';
import { takeAll, type Counter } from './rate-limit';

/** Failed sign-ins allowed per account (from any number of IPs): customers and employees alike. */
export const LOGIN_MAX_FAILS = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins allowed per IP address across all accounts (credential stuffing). */
export const LOGIN_IP_MAX_FAILS = 50;

export type SignInAudience = 'customer' | 'employee';

/**
 * The counters every password sign-in takes from: `audience` keeps customers and staff apart;
 * `device` (knownDevice's answer) moves the account's counter to that account and device.
 */
export function signInLimits(audience: SignInAudience, email: string, ip: string, device: string | null = null): Counter[] {
  const account = device
    ? { name: `${audience}-login-fail-device`, key: `${email}:${device}` }
    : { name: `${audience}-login-fail`, key: email };
  return [
    { ...account, max: LOGIN_MAX_FAILS, windowMs: LOGIN_WINDOW_MS, message: API_MSG.loginLocked },
    { name: `${audience}-login-fail-ip`, key: ip, max: LOGIN_IP_MAX_FAILS, windowMs: LOGIN_WINDOW_MS, message: API_MSG.loginIpCapped },
  ];
}

export interface PasswordAttempt {
  /** The password was right: this attempt does not count against the allowance. */
  succeeded(): Promise<void>;
}

/** Takes one attempt at `now` from every counter, or throws 429 (retryAfterSeconds) when any has none left. */
export async function takePasswordAttempt(counters: Counter[], now: Date): Promise<PasswordAttempt> {
  return { succeeded: await takeAll(counters, now.getTime()) };
}

// --- known devices -----------------------------------------------------------------------------------

export const DEVICE_COOKIE: Record<SignInAudience, string> = { customer: 'sc_device', employee: 'sc_staff_device' };
/** Both sign-in routes live under it; no other request carries the cookie. */
export const DEVICE_COOKIE_PATH = '/api/auth';
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60_000;
/** Accounts remembered per device and side (a family's shared tablet), newest first. */
const DEVICE_MARKS_MAX = 5;
const COOKIE_MAX_CHARS = 1000;

interface Mark {
  id: string;
  exp: number;
  sig: string;
}

const signature = (secret: string, audience: SignInAudience, email: string, id: string, exp: number) =>
  createHmac('sha256', secret).update(`device-mark\n${audience}\n${email}\n${id}\n${exp}`).digest('base64url');

const written = (m: Mark) => `${m.id}.${m.exp.toString(36)}.${m.sig}`;

function marksOf(cookie: string | undefined): Mark[] {
  if (!cookie || cookie.length > COOKIE_MAX_CHARS) return [];
  return cookie
    .split('~')
    .slice(0, DEVICE_MARKS_MAX)
    .flatMap((part) => {
      const [id, exp36, sig, extra] = part.split('.');
      const exp = Number.parseInt(exp36 ?? '', 36);
      return id && sig && extra === undefined && Number.isFinite(exp) ? [{ id, exp, sig }] : [];
    });
}

function isFor(secret: string, audience: SignInAudience, email: string, m: Mark, now: number): boolean {
  if (m.exp <= now) return false;
  const want = Buffer.from(signature(secret, audience, email, m.id, m.exp));
  const got = Buffer.from(m.sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The device's id when `cookie` holds this server's unexpired mark for this account, else null. */
export function knownDevice(secret: string, audience: SignInAudience, email: string, cookie: string | undefined, now: number): string | null {
  return marksOf(cookie).find((m) => isFor(secret, audience, email, m, now))?.id ?? null;
}

/** The cookie after a successful sign-in: this account's mark renewed (same device id) first, the device's other accounts kept. */
export function rememberDevice(secret: string, audience: SignInAudience, email: string, cookie: string | undefined, now: number): string {
  const id = knownDevice(secret, audience, email, cookie, now) ?? randomBytes(16).toString('base64url');
  const exp = now + DEVICE_TTL_MS;
  const others = marksOf(cookie).filter((m) => m.exp > now && !isFor(secret, audience, email, m, now));
  return [{ id, exp, sig: signature(secret, audience, email, id, exp) }, ...others].slice(0, DEVICE_MARKS_MAX).map(written).join('~');
}
