// Index keys (api/engine/keys.ts): a value's key string sorts as MongoDB orders the values, holds no
// separator character, and numbers, dates and ObjectIds take one byte per character.
import fc from 'fast-check';
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { encodeValue, SEP, TOP } from '../../api/engine/keys';

const { ObjectId } = mongoose.mongo;
const sign = (x: number) => (x < 0 ? -1 : x > 0 ? 1 : 0);
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function wellFormed(k: string): void {
  expect(k.includes(SEP)).toBe(false);
  expect(k.includes(TOP)).toBe(false);
  for (const ch of k) expect(ch.charCodeAt(0)).toBeLessThan(0x100);
}

describe('index keys', () => {
  it('order numbers as numbers, -Infinity to Infinity, NaN lowest', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (a, b) => {
        const ka = encodeValue(a);
        const kb = encodeValue(b);
        wellFormed(ka);
        if (Number.isNaN(a) || Number.isNaN(b)) {
          if (Number.isNaN(a) && !Number.isNaN(b)) expect(ka < kb).toBe(true);
          return;
        }
        expect(cmp(ka, kb)).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
      { numRuns: 2000 },
    );
    expect(encodeValue(-Infinity) < encodeValue(-Number.MAX_VALUE)).toBe(true);
    expect(encodeValue(0)).toBe(encodeValue(-0));
  });

  it('order dates by time and ObjectIds by their bytes', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), fc.date({ noInvalidDate: true }), (a, b) => {
        expect(cmp(encodeValue(a), encodeValue(b))).toBe(sign(a.getTime() - b.getTime()));
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 12, maxLength: 12 }), fc.uint8Array({ minLength: 12, maxLength: 12 }), (a, b) => {
        const ka = encodeValue(new ObjectId(a));
        const kb = encodeValue(new ObjectId(b));
        wellFormed(ka);
        expect(cmp(ka, kb)).toBe(cmp(Buffer.from(a).toString('hex'), Buffer.from(b).toString('hex')));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps an ObjectId key to 15 characters and a date key to 11', () => {
    expect(encodeValue(new ObjectId())).toHaveLength(15);
    expect(encodeValue(new Date())).toHaveLength(11);
  });
});
