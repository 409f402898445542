// Payment references a customer types into their bank's "reference" box. UK Faster Payments carry at most
// 18 characters, and banks keep letters, digits and hyphens reliably, so a reference is `SC-` + the
// customer's five-character code (+ `-YYMM` for one month's statement): `SC-7C62M` or `SC-7C62M-2701`.
// Codes use Crockford's alphabet (no I, L, O, U) so a reference read aloud or retyped is not misread.

export const PAYMENT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PAYMENT_CODE_LENGTH = 5;
export const FASTER_PAYMENTS_REFERENCE_MAX = 18;

/** A random code from `random` (numbers in [0, 1)), e.g. "7C62M". */
export function newPaymentCode(random: () => number = Math.random): string {
  let code = '';
  for (let i = 0; i < PAYMENT_CODE_LENGTH; i++) code += PAYMENT_CODE_ALPHABET[Math.floor(random() * PAYMENT_CODE_ALPHABET.length)];
  return code;
}

/** The customer's own reference: any payment quoting it is theirs. */
export const customerReference = (code: string): string => `SC-${code}`;

/** One month's statement ('YYYY-MM') of the customer with `code`. */
export const statementReference = (code: string, month: string): string => `SC-${code}-${month.slice(2, 4)}${month.slice(5, 7)}`;

/** Letters and digits only, in capitals: how a reference is compared whatever a bank did to its spaces and case. */
export const squash = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

const CODE = '[0-9A-HJKMNP-TV-Z]{5}'; // PAYMENT_CODE_ALPHABET as a character class
// `SC`, the code and perhaps four digits of a month, found anywhere in a squashed description.
const REFERENCE_IN_TEXT = new RegExp(`SC(${CODE})(\\d{4})?`, 'g');

/** References quoted in a bank line's description: the customer codes and, when given, the month ('YYYY-MM'). */
export function referencesIn(description: string): { code: string; month: string | null; }[] {
  const found: { code: string; month: string | null; }[] = [];
  for (const m of squash(description).matchAll(REFERENCE_IN_TEXT)) {
    const yymm = m[2];
    const month = yymm && Number(yymm.slice(2)) >= 1 && Number(yymm.slice(2)) <= 12 ? `20${yymm.slice(0, 2)}-${yymm.slice(2)}` : null;
    found.push({ code: m[1], month });
  }
  return found;
}
