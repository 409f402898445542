import { z } from 'zod';
import { MSG } from '../messages';
import { OTP_LENGTH, PASSWORD_MIN, POSTCODE_MAX } from '../constants';

/** The spec's "simple pattern" for e-mail addresses. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const optionalText = (max = 500) => z.string().trim().max(max, `Must be at most ${max} characters`).optional();

export const email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .regex(EMAIL_PATTERN, MSG.emailInvalid)
  .transform((s) => s.toLowerCase());

export const password = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(200, 'Password must be at most 200 characters');

export const otp = z
  .string({ error: MSG.otpRequired })
  .trim()
  .min(1, MSG.otpRequired)
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.invalidOtp);

/** Letters and digits only, at most 8 (spec §5, §9). */
export const postcode = z
  .string({ error: 'Postcode is required' })
  .trim()
  .min(1, 'Postcode is required')
  .max(POSTCODE_MAX, `Postcode must be at most ${POSTCODE_MAX} characters`)
  .regex(/^[A-Za-z0-9]+$/, 'Postcode may contain only letters and digits');

/** Keep only letters and digits, at most 8 (defined zod-free in shared/postcode.ts, re-exported here). */
export { cleanPostcode } from '../postcode';

export const objectId = z.string().regex(/^[a-f0-9]{24}$/i, 'Invalid id');

/** Optional URL field of a form: empty string means "none". */
export const optionalUrl = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Must be a valid http(s) URL' }).max(500)])
  .optional();

/** Field → first message, for showing zod issues next to form inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
