// The forms' validation: the shared zod schemas and their errors as the form shows them. Loaded on the
// form's first input (or at the latest on submit), not with the page: most of zod is not needed to paint
// a form or to type into it.
import type { z } from 'zod';
import { fieldErrors } from '@shared/schemas/common';
import type { Checked } from './usePublicForm';

export { careerSchema, contactSchema, enquirySchema } from '@shared/schemas/forms';

/** A zod safeParse result as the form sees it. */
export function fromParse<I>(r: z.ZodSafeParseResult<I>): Checked<I> {
  return r.success ? { ok: true, input: r.data } : { ok: false, errors: fieldErrors(r.error) };
}
