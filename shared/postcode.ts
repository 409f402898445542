// Postcode clean-up without zod: the home page's booking hero uses it, and the home page must not
// pull the zod runtime (~25 KB gzip) into the first load. shared/schemas/common.ts re-exports it.
import { POSTCODE_MAX } from './constants';

/** Keep only letters and digits, at most 8: what the postcode inputs do as the user types. */
export const cleanPostcode = (raw: string) => raw.replace(/[^a-z0-9]/gi, '').slice(0, POSTCODE_MAX).toUpperCase();

/**
 * What a postcode input keeps as the person types: letters and digits upper-cased, and the spaces they
 * put between (one at a time), at most POSTCODE_MAX letters and digits. `cleanPostcode` makes the stored
 * form of it when the answer is sent.
 */
export function typedPostcode(raw: string): string {
  const up = raw.toUpperCase().replace(/[^A-Z0-9 ]/g, '').replace(/ {2,}/g, ' ').replace(/^ /, '');
  let kept = 0;
  let out = '';
  for (const ch of up) {
    if (ch !== ' ') {
      if (kept === POSTCODE_MAX) break;
      kept++;
    }
    out += ch;
  }
  return out;
}

/**
 * A stored postcode as people write it: the inward code (last three characters) after a space,
 * `N17GU` → `N1 7GU`. Text that is not a stored postcode is returned as it is.
 */
export function formatPostcode(stored: string | null | undefined): string {
  const s = (stored ?? '').replace(/\s+/g, '').toUpperCase();
  return /^[A-Z0-9]{5,8}$/.test(s) ? `${s.slice(0, -3)} ${s.slice(-3)}` : (stored ?? '');
}

// A UK postcode's shape: outward code (A9, A99, A9A, AA9, AA99, AA9A), then digit + two letters.
const IN_TEXT = /\b([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})\b/gi;

/**
 * The postcode written in an address ("12 High St, London N1 7GU" → "N1 7GU"), the last one when there
 * are several, or ''. The wizard offers it with the customer's stored address it pre-fills.
 */
export function postcodeInText(text: string | null | undefined): string {
  const found = [...(text ?? '').matchAll(IN_TEXT)].at(-1);
  return found ? `${found[1]} ${found[2]}`.toUpperCase() : '';
}
