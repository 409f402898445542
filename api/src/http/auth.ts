// Bearer-token auth. Customer and employee tokens carry different audiences, so one never opens the
// other's routes. Every token carries its account's token version: the guards load the account on
// each request and refuse a token whose version is not the account's current one (sign-out and
// password change/reset bump it), then apply the account's own checks (blocked, inactive): the
// loaders that do so are the accounts services', wired in by routes/guards.ts.
import type { Context, Middleware, Next } from 'koa';
import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { API_MSG } from '@shared/messages-api';
import { OFFICE_MSG } from '@shared/messages-office';
import { forbidden, unauthorized } from '../lib/errors';
import type { UserDoc } from '../models/User';
import type { EmployeeDoc } from '../models/Employee';

export type Audience = 'customer' | 'employee';

export interface AuthState {
  /** Subject id (User or Employee _id as a string). */
  sub: string;
  role: string;
  aud: Audience;
  /** The account's token version when the token was signed. */
  tv: number;
}

export interface TokenService {
  /** `tokenVersion`: the account's current one (0 for an account that never signed out). */
  sign(aud: Audience, sub: string, role: string, tokenVersion?: number): string;
  verify(token: string, aud: Audience): AuthState;
}

/** Bytes of JWT_SECRET below which an HS256 key could be brute-forced offline from one token. */
export const JWT_SECRET_MIN_BYTES = 32;

export function createTokenService(secretText: string, ttl: Record<Audience, string>): TokenService {
  if (Buffer.byteLength(secretText) < JWT_SECRET_MIN_BYTES) {
    throw new Error(
      `JWT_SECRET must be at least ${JWT_SECRET_MIN_BYTES} bytes long (it signs every sign-in token; a short one can be guessed offline from a single token). Set a longer JWT_SECRET, or unset it to use a generated one.`,
    );
  }
  // A KeyObject made once: given a plain string, jsonwebtoken first tries (and fails) to parse it as a
  // public key on every verify, which cost about 1 ms per authenticated request under load.
  const secret = createSecretKey(Buffer.from(secretText));
  return {
    sign: (aud, sub, role, tokenVersion = 0) =>
      jwt.sign({ role, tv: tokenVersion }, secret, { subject: sub, audience: aud, expiresIn: ttl[aud] as jwt.SignOptions['expiresIn'], algorithm: 'HS256' }),
    verify(token, aud) {
      try {
        const p = jwt.verify(token, secret, { audience: aud, algorithms: ['HS256'] }) as jwt.JwtPayload;
        if (!p.sub) throw new Error('no subject');
        return { sub: p.sub, role: String(p.role ?? ''), aud, tv: typeof p.tv === 'number' ? p.tv : 0 };
      } catch {
        throw unauthorized(API_MSG.tokenInvalid);
      }
    },
  };
}

function bearer(ctx: Context): string {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized();
  return match[1];
}

/** The guard of both halves: a current token of `audience`; `load` checks its account, which lands on ctx.state[key]. */
export function requireSession(
  deps: { tokens: TokenService; },
  audience: Audience,
  key: 'user' | 'employee',
  load: (id: string, tokenVersion: number) => Promise<unknown>,
): Middleware {
  return async function sessionOnly(ctx: Context, next: Next) {
    const auth = deps.tokens.verify(bearer(ctx), audience);
    ctx.state.auth = auth;
    ctx.state[key] = await load(auth.sub, auth.tv);
    await next();
  };
}

/**
 * After requireEmployee: the account loaded for this request (so a demotion counts at once rather
 * than when the token expires) must hold one of the roles.
 */
export function requireRole(...roles: string[]): Middleware {
  return async function roleOnly(ctx: Context, next: Next) {
    const role = employeeOf(ctx)?.role;
    if (!role || !roles.includes(role)) throw forbidden(OFFICE_MSG.officeOnly);
    await next();
  };
}

export function authOf(ctx: Context): AuthState {
  return ctx.state.auth as AuthState;
}

export function customerOf(ctx: Context): UserDoc {
  return ctx.state.user as UserDoc;
}

export function employeeOf(ctx: Context): EmployeeDoc {
  return ctx.state.employee as EmployeeDoc;
}
