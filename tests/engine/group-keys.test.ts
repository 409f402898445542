// `$match` + `$group: { _id: '$field', n: { $sum: 1 } }` answered from an index's keys: the same groups
// as mingo gives from the documents (numbers, null or missing, strings, dates), without reading one
// document; and the usual path when no index decides the match or holds the field. In-process engine.
import fs from 'node:fs';
import { ObjectId } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cursors } from '../../api/engine/cursors';
import { runCommand } from '../../api/engine/server';
import { Store } from '../../api/engine/store';
import { engineWork } from './engine-work';
import { tempDir } from './helpers';

const DB = 'groups';
const people = [new ObjectId(), new ObjectId(), new ObjectId()];
const base = Date.UTC(2026, 0, 1);
const docs = Array.from({ length: 2000 }, (_, i) => ({
  _id: new ObjectId(),
  state: i % 3 === 0 ? 'approved' : 'submitted',
  at: new Date(base + i * 3_600_000),
  // Quarter hours, a few missing and a few null; negative and fractional numbers sort and decode too.
  hours: i % 17 === 0 ? undefined : i % 19 === 0 ? null : i % 23 === 0 ? -1.5 : 0.5 + (i % 8) * 0.25,
  label: i % 29 === 0 ? 'a\u0000b' : `L${i % 4}`,
  who: people[i % 3],
  day: new Date(base + (i % 5) * 86_400_000),
}));

let dir: string;
let store: Store;
const cursors = new Cursors();
const run = (cmd: Record<string, unknown>) => {
  const r = runCommand(store, cursors, { ...cmd, $db: DB }, 1);
  if (r.ok !== 1) throw new Error(JSON.stringify(r));
  return r;
};
const group = (match: Record<string, unknown>, field: string) =>
  run({ aggregate: 'sheets', pipeline: [{ $match: match }, { $group: { _id: `$${field}`, n: { $sum: 1 }, m: { $sum: 1 } } }], cursor: { batchSize: 10_000 } })
    .cursor.firstBatch as { _id: unknown; n: number; m: number; }[];
const norm = (rows: { _id: unknown; n: number; }[]) =>
  rows.map((r) => [r._id instanceof Date ? r._id.toISOString() : r._id, r.n] as const).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

function touched<T>(f: () => T): { result: T; decoded: number; } {
  const w = engineWork(undefined, f);
  return { result: w.result, decoded: w.raws + w.views };
}

beforeAll(() => {
  dir = tempDir('engine-groups-');
  store = new Store(dir);
  store.open();
  run({ insert: 'sheets', documents: docs });
  run({
    createIndexes: 'sheets',
    indexes: [{ key: { state: 1, at: -1, hours: 1 }, name: 'state_at_hours' }, { key: { at: -1, label: 1 }, name: 'at_label' }, {
      key: { state: 1, day: 1 },
      name: 'state_day',
    }, { key: { day: 1, who: 1, state: 1 }, name: 'day_who_state' }],
  });
});
afterAll(() => {
  cursors.close();
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The expected groups, computed here from the seed. */
function expected(want: (d: (typeof docs)[number]) => boolean, field: 'hours' | 'label' | 'day') {
  const m = new Map<string, [unknown, number]>();
  for (const d of docs.filter(want)) {
    const v = d[field] ?? null;
    const k = v instanceof Date ? v.toISOString() : String(v);
    m.set(k, [v instanceof Date ? v.toISOString() : v, (m.get(k)?.[1] ?? 0) + 1]);
  }
  return [...m.values()].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

describe('a group count an index decides', () => {
  it('gives the groups mingo would, reading no document', () => {
    const lo = new Date(base + 200 * 3_600_000);
    const hi = new Date(base + 1500 * 3_600_000);
    const inRange = (d: (typeof docs)[number]) => d.at >= lo && d.at < hi;
    const cases: [Record<string, unknown>, 'hours' | 'label' | 'day', (d: (typeof docs)[number]) => boolean][] = [
      [{ state: 'approved', at: { $gte: lo, $lt: hi } }, 'hours', (d) => d.state === 'approved' && inRange(d)],
      [{ state: { $in: ['approved', 'submitted'] } }, 'hours', () => true],
      [{ at: { $gte: lo, $lt: hi } }, 'label', inRange],
      [{ state: 'submitted' }, 'day', (d) => d.state === 'submitted'],
    ];
    for (const [match, field, want] of cases) {
      const t = touched(() => group(match, field));
      expect(norm(t.result), JSON.stringify(match)).toEqual(expected(want, field));
      expect(t.result.every((r) => r.n === r.m)).toBe(true);
      expect(t.decoded, JSON.stringify(match)).toBe(0);
    }
  });

  it('groups by several fields of one index (ObjectIds too)', () => {
    const from = new Date(base + 86_400_000);
    const rows = touched(() =>
      run({ aggregate: 'sheets', pipeline: [{ $match: { day: { $gte: from } } }, { $group: { _id: { w: '$who', s: '$state' }, n: { $sum: 1 } } }], cursor: {} })
        .cursor.firstBatch as { _id: { w: ObjectId; s: string; }; n: number; }[]
    );
    expect(rows.decoded).toBe(0);
    const want = new Map<string, number>();
    for (const d of docs.filter((x) => x.day >= from)) want.set(`${String(d.who)} ${d.state}`, (want.get(`${String(d.who)} ${d.state}`) ?? 0) + 1);
    expect(new Map(rows.result.map((r) => [`${String(r._id.w)} ${r._id.s}`, r.n]))).toEqual(want);
    expect(rows.result[0]._id.w).toBeInstanceOf(ObjectId);
  });

  it('puts a date into $bucket boundaries from the keys (counts per week), as mingo would', () => {
    const lo = new Date(base + 100 * 3_600_000);
    const bounds = [0, 1, 2, 3, 4].map((w) => new Date(lo.getTime() + w * 7 * 86_400_000));
    const match = { state: 'approved', at: { $gte: bounds[0], $lt: bounds[4] } };
    const stage = { $bucket: { groupBy: '$at', boundaries: bounds, output: { n: { $sum: 1 } } } };
    const t = touched(() => run({ aggregate: 'sheets', pipeline: [{ $match: match }, stage], cursor: {} }).cursor.firstBatch as { _id: Date; n: number; }[]);
    expect(t.decoded).toBe(0);
    const want = bounds.slice(0, 4).map((b, i) => [b.toISOString(), docs.filter((d) => d.state === 'approved' && d.at >= b && d.at < bounds[i + 1]).length]);
    expect(t.result.map((r) => [r._id.toISOString(), r.n])).toEqual(want);
    // Values outside the boundaries go to the default bucket (mingo's answer, from the documents, agrees).
    const wide = { state: 'approved', at: { $gte: new Date(base) } };
    const withDefault = { $bucket: { groupBy: '$at', boundaries: bounds, default: 'other' } };
    const fast = run({ aggregate: 'sheets', pipeline: [{ $match: wide }, withDefault], cursor: {} }).cursor.firstBatch;
    const slow = run({ aggregate: 'sheets', pipeline: [{ $match: { ...wide, label: { $ne: 'none' } } }, withDefault], cursor: {} }).cursor.firstBatch;
    expect(fast).toEqual(slow);
  });

  it('falls back to the documents when no index decides the whole match or holds the field', () => {
    const lo = new Date(base + 100 * 3_600_000);
    const cases: [Record<string, unknown>, 'hours' | 'label', (d: (typeof docs)[number]) => boolean][] = [
      [{ state: 'approved', label: 'L1' }, 'hours', (d) => d.state === 'approved' && d.label === 'L1'],
      [{ at: { $gte: lo } }, 'hours', (d) => d.at >= lo],
      [{ state: 'approved', hours: { $gt: 1 } }, 'label', (d) => d.state === 'approved' && (d.hours ?? 0) > 1],
    ];
    for (const [match, field, want] of cases) {
      const t = touched(() => group(match, field));
      expect(norm(t.result), JSON.stringify(match)).toEqual(expected(want, field));
      expect(t.decoded).toBeGreaterThan(0);
    }
  });
});
