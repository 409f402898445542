import { z } from 'zod';
import { MSG } from '../messages';
import { OTP_LENGTH, PASSWORD_MIN, POSTCODE_MAX } from '../constants';

/**
 * The spec's "simple pattern" for e-mail addresses (local@domain.tld, no spaces, one @), written so
 * it cannot backtrack: the domain's first dot after its first character is found in one pass. The
 * old form /^[^\s@]+@[^\s@]+\.[^\s@]+$/ accepts exactly the same strings but took quadratic time on
 * inputs such as "a@" + "." × n + "@".
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/**
 * A string whose length is checked first, aborting on failure: zod otherwise runs every later
 * check (patterns included) on a string of any length.
 */
export const boundedString = (max: number, tooLong: string, required?: string) =>
  z.string(required ? { error: required } : undefined).max(max, { message: tooLong, abort: true });

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const optionalText = (max = 500) => z.string().trim().max(max, `Must be at most ${max} characters`).optional();

export const email = boundedString(1000, MSG.emailInvalid, MSG.emailRequired)
  .trim()
  .min(1, { message: MSG.emailRequired, abort: true })
  .max(254, { message: MSG.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, MSG.emailInvalid)
  .transform((s) => s.toLowerCase());

export const password = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(200, 'Password must be at most 200 characters');

export const otp = boundedString(100, MSG.invalidOtp, MSG.otpRequired)
  .trim()
  .min(1, { message: MSG.otpRequired, abort: true })
  .max(OTP_LENGTH, { message: MSG.invalidOtp, abort: true })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.invalidOtp);

/** Letters and digits only, at most 8 (spec §5, §9). */
export const postcode = boundedString(1000, `Postcode must be at most ${POSTCODE_MAX} characters`, 'Postcode is required')
  .trim()
  .min(1, { message: 'Postcode is required', abort: true })
  .max(POSTCODE_MAX, { message: `Postcode must be at most ${POSTCODE_MAX} characters`, abort: true })
  .regex(/^[a-z0-9]+$/i, 'Postcode may contain only letters and digits');

/** Keep only letters and digits, at most 8 (defined zod-free in shared/postcode.ts, re-exported here). */
export { cleanPostcode } from '../postcode';

export const objectId = boundedString(24, 'Invalid id').regex(/^[a-f0-9]{24}$/i, 'Invalid id');

const httpUrl = z.url({ protocol: /^https?$/ });

/** Optional URL field of a form: empty string means "none". */
export const optionalUrl = boundedString(500, 'Must be at most 500 characters')
  .refine((v) => v === '' || httpUrl.safeParse(v).success, 'Must be a valid http(s) URL')
  .optional();

export { fieldErrors } from '../field-errors';
