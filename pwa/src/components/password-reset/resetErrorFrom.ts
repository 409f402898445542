// A failed forgot/reset call as the dialog shows it: read from the API client's errors, so it loads
// with them (after a call), not with the dialog.
import { ApiError, NetworkError } from '@/lib/api';
import { forAudience, networkErrorDisplay, resetErrorDisplay, type ResetErrorDisplay } from './resetErrors';

/** Turns a failed forgot/reset call into its display; `fallback` is the call's own failure text. */
export function resetErrorFrom(err: unknown, fallback: string, audience: 'customer' | 'staff' = 'customer'): ResetErrorDisplay {
  if (err instanceof NetworkError) return networkErrorDisplay(audience);
  if (err instanceof ApiError) return forAudience(resetErrorDisplay(err.errorType, err.serverMessage ?? fallback), audience);
  return forAudience(resetErrorDisplay('unknown', fallback), audience);
}
