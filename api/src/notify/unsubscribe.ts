// Unsubscribe links that work without signing in: a token naming the person and one kind, signed with
// a key derived from JWT_SECRET (HMAC-SHA256). It stops that kind's e-mails only, and stays valid
// (a link in an old mail must still work); it changes nothing but that one flag.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFY_KINDS, type NotifyKind } from '@shared/schemas/notifications';
import type { Person } from './push';

const keyFor = (secret: string) => createHash('sha256').update(`unsubscribe:${secret}`).digest();

export function unsubscribeToken(secret: string, person: Person, kind: NotifyKind): string {
  const body = Buffer.from(JSON.stringify({ t: person.type === 'customer' ? 'c' : 'e', i: person.id, k: kind })).toString('base64url');
  return `${body}.${createHmac('sha256', keyFor(secret)).update(body).digest('base64url')}`;
}

/** The person and kind a token names, or null when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(secret: string, token: string): { person: Person; kind: NotifyKind; } | null {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const want = createHmac('sha256', keyFor(secret)).update(body).digest();
  const got = Buffer.from(sig, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const v = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { t?: string; i?: string; k?: string; };
    if ((v.t !== 'c' && v.t !== 'e') || typeof v.i !== 'string' || !/^[a-f0-9]{24}$/.test(v.i)) return null;
    if (!NOTIFY_KINDS.includes(v.k as NotifyKind)) return null;
    return { person: { type: v.t === 'c' ? 'customer' : 'employee', id: v.i }, kind: v.k as NotifyKind };
  } catch {
    return null;
  }
}

/** The mail headers of RFC 2369 and RFC 8058 (one-click): the https link first, then mailto. */
export function unsubscribeHeaders(opts: { publicUrl: string; officeEmail: string; token: string; }): Record<string, string> {
  const https = `${opts.publicUrl}/api/unsubscribe?token=${encodeURIComponent(opts.token)}`;
  const mailto = `mailto:${opts.officeEmail}?subject=${encodeURIComponent(`unsubscribe ${opts.token}`)}`;
  return { 'List-Unsubscribe': `<${https}>, <${mailto}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
