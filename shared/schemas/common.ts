import { z } from 'zod';
import { FIELD_MSG, MSG } from '../messages';
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

export const requiredText = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max, FIELD_MSG.tooLong(max));

export const optionalText = (max = 500) => z.string().trim().max(max, FIELD_MSG.tooLong(max)).optional();

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
  .max(200, FIELD_MSG.passwordTooLong);

export const otp = boundedString(100, MSG.invalidOtp, MSG.otpRequired)
  .trim()
  .min(1, { message: MSG.otpRequired, abort: true })
  .max(OTP_LENGTH, { message: MSG.invalidOtp, abort: true })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.invalidOtp);

/** Letters and digits only, at most 8 (shared/README.md, Limits). */
export const postcode = boundedString(1000, FIELD_MSG.namedTooLong('Postcode', POSTCODE_MAX), FIELD_MSG.required('Postcode'))
  .trim()
  .min(1, { message: FIELD_MSG.required('Postcode'), abort: true })
  .max(POSTCODE_MAX, { message: FIELD_MSG.namedTooLong('Postcode', POSTCODE_MAX), abort: true })
  .regex(/^[a-z0-9]+$/i, FIELD_MSG.postcodeLetters);

/** Keep only letters and digits, at most 8 (defined zod-free in shared/postcode.ts, re-exported here). */

export const objectId = boundedString(24, FIELD_MSG.invalidId).regex(/^[a-f0-9]{24}$/i, FIELD_MSG.invalidId);

const httpUrl = z.url({ protocol: /^https?$/ });

/** Optional URL field of a form: empty string means "none". */
export const optionalUrl = boundedString(500, FIELD_MSG.tooLong(500))
  .refine((v) => v === '' || httpUrl.safeParse(v).success, FIELD_MSG.urlInvalid)
  .optional();
