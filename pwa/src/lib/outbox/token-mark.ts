// A needs-sign-in item is retried only once the token differs from the one the server refused,
// so a stale token left in storage doesn't cause a 401 loop. We keep a short hash, never the token.
import { customerSession, employeeSession, tokenSubject } from '../session';
import type { OutboxItem } from '../db';

export function currentToken(auth: OutboxItem['auth']): string | null {
  if (auth === 'customer') return customerSession.token();
  if (auth === 'employee') return employeeSession.token();
  return null;
}

/** FNV-1a, 32 bit, hex: enough to tell "same token" from "new token". */
export function tokenMark(token: string | null): string | undefined {
  if (!token) return undefined;
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16);
}

/** Can this needs-sign-in item be tried again? Only with a token, and not the refused one. */
export function hasFreshToken(item: Pick<OutboxItem, 'auth' | 'refusedToken'>): boolean {
  const mark = tokenMark(currentToken(item.auth));
  return mark !== undefined && mark !== item.refusedToken;
}

/** The id of the person signed in for this kind of call: the customer's user id, the employee token's subject. */
export function currentOwner(auth: OutboxItem['auth']): string | undefined {
  if (auth === 'customer') return customerSession.user()?.id;
  if (auth === 'employee') return tokenSubject(employeeSession.token()) ?? undefined;
  return undefined;
}

/** An item queued by one account must not go out under another account's token (shared devices). */
export function isOwnersSession(item: Pick<OutboxItem, 'auth' | 'owner'>): boolean {
  return !item.owner || currentOwner(item.auth) === item.owner;
}

/**
 * Who may see and count an item: anyone on the device for a public form (no account), else only the
 * person who queued it. Stored on the item (indexed) as 'anyone' | 'customer:<id>' | 'employee:<id>'.
 */
export function audienceFor(auth: OutboxItem['auth'], owner: string | undefined): string {
  return auth === 'none' ? 'anyone' : `${auth}:${owner ?? ''}`;
}

/** The audiences whose items the people signed in on this device may see right now. */
export function currentAudiences(): string[] {
  const out = ['anyone'];
  const customer = currentOwner('customer');
  const employee = currentOwner('employee');
  if (customer) out.push(audienceFor('customer', customer));
  if (employee) out.push(audienceFor('employee', employee));
  return out;
}

/** May the person signed in now see this item? (Rows from before audiences existed: by their owner.) */
export function isVisibleNow(item: Pick<OutboxItem, 'auth' | 'owner' | 'audience'>, audiences = currentAudiences()): boolean {
  return audiences.includes(item.audience ?? audienceFor(item.auth, item.owner ?? currentOwner(item.auth)));
}
