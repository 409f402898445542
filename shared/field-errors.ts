// Zod issues → one message per field, without the zod runtime: the forms' hook (pwa/src/lib/form) runs
// it on pages that load zod only on first input. shared/schemas/common.ts re-exports it.
import type { z } from 'zod';

/** Field → first message, for showing zod issues next to form inputs. */
export function fieldErrors(error: Pick<z.ZodError, 'issues'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
