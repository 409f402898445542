// A photo's address: `/api/photos/{id}?exp=…&sig=…`, signed with the server's secret for a reader who
// may see it (the visit's customer, its cleaner, the office), so an <img> or a mail's link shows it
// without a header. The signature names the photo and the moment it runs out; nothing else opens it.
import { createHmac, timingSafeEqual } from 'node:crypto';

const HOUR = 3_600_000;
/** A list's links hold a day; rounded to the hour so the same list gives the same addresses for an hour (caches). */
export const LIST_LINK_MS = 24 * HOUR;
/** A mail's links (the customer's breakage notice) hold a week. */
export const MAIL_LINK_MS = 7 * 24 * HOUR;

const signature = (secret: string, id: string, exp: number) => createHmac('sha256', secret).update(`photo:${id}:${exp}`).digest('base64url');

export function photoLink(secret: string, id: string, now: Date, validMs = LIST_LINK_MS): string {
  const exp = Math.ceil((now.getTime() + validMs) / HOUR) * HOUR;
  return `/api/photos/${id}?exp=${exp}&sig=${signature(secret, id, exp)}`;
}

/** Whether `sig` is this photo's signature for `exp`, and `exp` has not passed on the server's clock. */
export function linkValid(secret: string, id: string, exp: string | undefined, sig: string | undefined, now: Date): boolean {
  if (!exp || !sig || !/^\d{1,15}$/.test(exp) || sig.length > 100) return false;
  const expected = Buffer.from(signature(secret, id, Number(exp)));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) && Number(exp) > now.getTime();
}
