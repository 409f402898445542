// Validation runs in linear time: lengths are checked (and abort) before any pattern, and no pattern
// in shared/ or api/ can backtrack super-linearly (eslint-plugin-regexp in `npm run lint` keeps that so).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EMAIL_PATTERN, email, objectId, otp, postcode } from '@shared/schemas/common';
import { JSON_MAX_DEPTH, JSON_MAX_MEMBERS, checkJsonShape } from '../../api/src/http/json-body';
import { API_MSG } from '@shared/messages-api';

/** The spec's pattern as first written: same language, quadratic on "a@" + "."×n + "@". */
const SPEC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/; // eslint-disable-line regexp/no-super-linear-backtracking

describe('linear-time validation', () => {
  it('EMAIL_PATTERN accepts exactly what the spec pattern accepts', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '.', '@', ' ', '\t'), maxLength: 12 });
    fc.assert(fc.property(text, (s) => EMAIL_PATTERN.test(s) === SPEC_EMAIL.test(s)), { numRuns: 20_000 });
  });

  it('an over-long string stops at the length check: one issue, no pattern run', () => {
    const huge = 'a@' + '.'.repeat(1_000_000) + '@';
    for (
      const [schema, input] of [
        [email, huge],
        [otp, '1'.repeat(1_000_000)],
        [postcode, 'A'.repeat(1_000_000) + ' '],
        [objectId, 'f'.repeat(1_000_000) + '!'],
      ] as const
    ) {
      const r = schema.safeParse(input);
      expect(r.success).toBe(false);
      expect(r.error!.issues).toHaveLength(1);
      expect(r.error!.issues[0].code).toBe('too_big');
    }
  });

  it('JSON bodies too deep or with too many members are refused before JSON.parse (which is slow on them)', () => {
    const refusal = (text: string) => {
      try {
        checkJsonShape(text);
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(refusal('['.repeat(1_000_000))).toBe(API_MSG.bodyTooDeep);
    expect(refusal('['.repeat(JSON_MAX_DEPTH) + ']'.repeat(JSON_MAX_DEPTH))).toBeNull();
    expect(refusal(JSON.stringify(Object.fromEntries(Array.from({ length: JSON_MAX_MEMBERS + 2 }, (_, i) => [`k${i}`, 1]))))).toBe(API_MSG.bodyTooManyMembers);
    // Brackets and commas inside strings (escaped quotes too) are text, not structure.
    expect(refusal(JSON.stringify({ a: '['.repeat(10_000) + '\\"' + ','.repeat(10_000) }))).toBeNull();
  });
});
