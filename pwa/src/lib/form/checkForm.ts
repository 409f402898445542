// One check of a form's candidate with a shared zod schema, as the form shows it: the parsed data, or one
// message per field. Pure (no React, no zod runtime): the booking wizard uses it directly, useForm on submit.
import type { z } from 'zod';
import { fieldErrors } from '@shared/field-errors';

export type FieldErrors = Record<string, string>;
export interface FormSchema<T> {
  safeParse(input: unknown): z.ZodSafeParseResult<T>;
}
export type Checked<T> = { ok: true; data: T; } | { ok: false; errors: FieldErrors; };

/** Field → message or nothing, for checks the schema cannot make (a chosen file). */
export type ExtraErrors = Record<string, string | undefined>;

/** One parse as a form sees it, with the extra checks' messages merged over the schema's. */
export function checkForm<T>(schema: FormSchema<T>, input: unknown, extra: ExtraErrors = {}): Checked<T> {
  const r = schema.safeParse(input);
  const errors: FieldErrors = r.success ? {} : fieldErrors(r.error);
  for (const [field, message] of Object.entries(extra)) if (message) errors[field] = message;
  return r.success && Object.keys(errors).length === 0 ? { ok: true, data: r.data } : { ok: false, errors };
}
