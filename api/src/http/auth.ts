// Bearer-token auth. Customer and employee tokens carry different audiences, so one never opens the other's routes.
import type { Context, Next } from 'koa';
import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { MSG } from '../../../shared/messages';
import { OFFICE_MSG } from '../../../shared/messages-office';
import { forbidden, unauthorized } from './errors';

export type Audience = 'customer' | 'employee';

export interface AuthState {
  /** Subject id (User or Employee _id as a string). */
  sub: string;
  role: string;
  aud: Audience;
}

export interface TokenService {
  sign(aud: Audience, sub: string, role: string): string;
  verify(token: string, aud: Audience): AuthState;
}

export function createTokenService(secretText: string, ttl: Record<Audience, string>): TokenService {
  // A KeyObject made once: given a plain string, jsonwebtoken first tries (and fails) to parse it as a
  // public key on every verify, which cost about 1 ms per authenticated request under load.
  const secret = createSecretKey(Buffer.from(secretText));
  return {
    sign: (aud, sub, role) =>
      jwt.sign({ role }, secret, { subject: sub, audience: aud, expiresIn: ttl[aud] as jwt.SignOptions['expiresIn'], algorithm: 'HS256' }),
    verify(token, aud) {
      try {
        const p = jwt.verify(token, secret, { audience: aud, algorithms: ['HS256'] }) as jwt.JwtPayload;
        if (!p.sub) throw new Error('no subject');
        return { sub: p.sub, role: String(p.role ?? ''), aud };
      } catch {
        throw unauthorized(MSG.tokenInvalid);
      }
    },
  };
}

/** Middleware: require a valid token of the given audience; puts it on ctx.state.auth. */
export function requireAuth(tokens: TokenService, aud: Audience) {
  return async function authenticate(ctx: Context, next: Next) {
    const header = ctx.get('Authorization');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized();
    ctx.state.auth = tokens.verify(match[1], aud);
    await next();
  };
}

export function authOf(ctx: Context): AuthState {
  return ctx.state.auth as AuthState;
}

/**
 * Middleware after an employee guard: the account loaded for this request (ctx.state.employee, so a
 * demotion counts at once rather than when the token expires) must hold one of the roles.
 */
export function requireRole(...roles: string[]) {
  return async function roleOnly(ctx: Context, next: Next) {
    const role = (ctx.state.employee as { role?: string } | undefined)?.role ?? authOf(ctx)?.role;
    if (!role || !roles.includes(role)) throw forbidden(OFFICE_MSG.officeOnly);
    await next();
  };
}
