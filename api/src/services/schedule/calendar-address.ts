// Private calendar addresses (README "Calendar subscription"): one per person, made on first ask,
// replaced on demand. The secret is HMAC(key, nonce) — 256 bits, base64url — so the profile can show
// it again, while the database holds only the nonce and the secret's sha256 (what a feed request is
// looked up by): a copy of the database alone cannot rebuild any address.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { CalendarAddress, type CalendarAddressDoc } from '../../models/CalendarAddress';
import { isDuplicateKey } from '../../models/duplicate-key';

export type CalendarOwnerKind = 'customer' | 'employee';
export interface CalendarOwner {
  kind: CalendarOwnerKind;
  id: string;
}

/** A secret as it appears in an address: 32 bytes in base64url, no padding. */
export const SECRET_PATTERN = /^[\w-]{43}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The key secrets are derived with, from the server's token secret (a key of its own, never the JWT key itself). */
export const calendarKey = (jwtSecret: string): string => createHmac('sha256', jwtSecret).update('calendar-address').digest('base64url');

const secretOf = (key: string, nonce: string) => createHmac('sha256', key).update(nonce).digest('base64url');

function fresh(key: string) {
  const nonce = randomBytes(16).toString('base64url');
  const secret = secretOf(key, nonce);
  return { nonce, secret, hash: sha256(secret) };
}

const ownerFilter = (o: CalendarOwner) => ({ owner_kind: o.kind, owner: new mongoose.Types.ObjectId(o.id) });

/** Replaces the person's address with a new one: the old secret stops finding anything at once. */
export async function rotateCalendarSecret(key: string, o: CalendarOwner): Promise<string> {
  const { nonce, secret, hash } = fresh(key);
  try {
    await CalendarAddress.updateOne(ownerFilter(o), { $set: { nonce, hash } }, { upsert: true });
  } catch (err) {
    // Two first asks raced on the upsert: the loser's write lands on the winner's document.
    if (!isDuplicateKey(err)) throw err;
    await CalendarAddress.updateOne(ownerFilter(o), { $set: { nonce, hash } });
  }
  return secret;
}

/**
 * The person's current secret, made on first ask. When the server's key has changed since (a new
 * JWT_SECRET), the stored hash no longer matches and a new address is made: the old one could not be
 * shown again anyway.
 */
export async function calendarSecret(key: string, o: CalendarOwner): Promise<string> {
  const doc = await CalendarAddress.findOne(ownerFilter(o)).lean<CalendarAddressDoc>();
  if (doc) {
    const secret = secretOf(key, doc.nonce);
    if (sha256(secret) === doc.hash) return secret;
  }
  return rotateCalendarSecret(key, o);
}

/** Whose address this secret is, or null (malformed, replaced, or never made). */
export async function ownerOfSecret(secret: string): Promise<CalendarOwner | null> {
  if (!SECRET_PATTERN.test(secret)) return null;
  const doc = await CalendarAddress.findOne({ hash: sha256(secret) }, { owner_kind: 1, owner: 1 }).lean<CalendarAddressDoc>();
  return doc ? { kind: doc.owner_kind as CalendarOwnerKind, id: String(doc.owner) } : null;
}

/** `webcal://host/calendar/<secret>.ics`, and the same file's web address (Outlook on the web asks for that). */
export function calendarUrls(base: string, secret: string): { address: string; url: string; } {
  const url = new URL(`/calendar/${secret}.ics`, base);
  return { address: `webcal://${url.host}${url.pathname}`, url: url.href };
}
