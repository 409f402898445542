// Postcode clean-up without zod: the home page's booking hero uses it, and the home page must not
// pull the zod runtime (~25 KB gzip) into the first load. shared/schemas/common.ts re-exports it.
import { POSTCODE_MAX } from './constants';

/** Keep only letters and digits, at most 8: what the postcode inputs do as the user types. */
export const cleanPostcode = (raw: string) => raw.replace(/[^a-z0-9]/gi, '').slice(0, POSTCODE_MAX).toUpperCase();
