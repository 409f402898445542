// Postcode clean-up without zod: the home page's booking hero uses it, and the home page must not
// pull the zod runtime (~25 KB gzip) into the first load. shared/schemas/common.ts re-exports it.
import { POSTCODE_MAX } from './constants';

/** Keep only letters and digits, at most 8: what the postcode inputs do as the user types. */
export const cleanPostcode = (raw: string) => raw.replace(/[^a-z0-9]/gi, '').slice(0, POSTCODE_MAX).toUpperCase();

/**
 * A stored postcode as people write it: the inward code (last three characters) after a space,
 * `N17GU` → `N1 7GU`. Text that is not a stored postcode is returned as it is.
 */
export function formatPostcode(stored: string | null | undefined): string {
  const s = (stored ?? '').replace(/\s+/g, '').toUpperCase();
  return /^[A-Z0-9]{5,8}$/.test(s) ? `${s.slice(0, -3)} ${s.slice(-3)}` : (stored ?? '');
}
