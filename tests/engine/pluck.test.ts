// pluck(): a few top-level fields read out of BSON bytes without decoding the rest, as start-up does
// for index keys. Every BSON type must be skipped correctly, or the fields after it come out wrong.
import fc from 'fast-check';
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { DECODE } from '../../api/engine/decoded';
import { fieldNames, pluck } from '../../api/engine/pluck';

const B = mongoose.mongo.BSON;

const everyType = () => ({
  _id: new B.ObjectId(),
  d: new B.Double(1.5),
  s: 'text é😀',
  o: { a: { b: [1, 2] } },
  a: [new B.ObjectId(), 'x', null],
  bin: new B.Binary(Buffer.from([0, 1, 2, 3]), 4),
  u: undefined,
  oid: new B.ObjectId('64b000000000000000000002'),
  t: true,
  date: new Date(1_700_000_000_000),
  n: null,
  re: /a.b/gi,
  code: new B.Code('x => x'),
  scoped: new B.Code('x', { y: 1 }),
  i: new B.Int32(7),
  ts: new B.Timestamp({ t: 5, i: 6 }),
  l: B.Long.fromString('9007199254740993'),
  dec: B.Decimal128.fromString('1.25'),
  min: new B.MinKey(),
  max: new B.MaxKey(),
  last: 'after everything',
});

describe('pluck', () => {
  it('reads the named fields after every BSON type, exactly as a full decode would', () => {
    const doc = everyType();
    const bytes = B.serialize(doc, { ignoreUndefined: false });
    const full = B.deserialize(bytes, DECODE);
    for (const name of Object.keys(full)) expect(pluck(bytes, fieldNames([name]))).toEqual({ [name]: full[name] });
    expect(pluck(bytes, fieldNames(['last', '_id', 'date']))).toEqual({ _id: full._id, date: full.date, last: 'after everything' });
    expect(pluck(bytes, fieldNames(['absent']))).toEqual({});
  });

  it('agrees with a full decode on random documents and field choices', () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.constant(null),
      fc.date({ noInvalidDate: true }),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 3 }),
    );
    const names = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !k.includes('\0') && !k.startsWith('$') && !k.includes('.')), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(names, fc.array(value, { minLength: 8, maxLength: 8 }), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (keys, values, pick) => {
        const doc = Object.fromEntries(keys.map((k, i) => [k, values[i]]));
        const bytes = B.serialize(doc);
        const full = B.deserialize(bytes, DECODE);
        const chosen = keys.filter((_, i) => pick[i]);
        const expected = Object.fromEntries(chosen.map((k) => [k, full[k]]));
        expect(pluck(bytes, fieldNames(chosen))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
