// An anchored, case-sensitive regex (`/^smi/`) is a key range an index answers, on a plain field and on
// an array field alike (one test per element): the same documents as a scan, found through the index.
import fs from 'node:fs';
import { ObjectId } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regexPrefix } from '../../api/engine/conditions';
import { Cursors } from '../../api/engine/cursors';
import { runCommand } from '../../api/engine/server';
import { Store } from '../../api/engine/store';
import { tempDir } from './helpers';

const DB = 'rx';
const words = ['smith', 'smithers', 'smile', 'sm', 'jones', 'a.b', 'a+b', 'ab', 'Smith'];
const docs = Array.from(
  { length: 600 },
  (_, i) => ({ _id: new ObjectId(), keys: [words[i % words.length], words[(i * 7) % words.length]], name: words[i % words.length], n: i }),
);

let dir: string;
let store: Store;
const cursors = new Cursors();
const run = (cmd: Record<string, unknown>) => {
  const r = runCommand(store, cursors, { ...cmd, $db: DB }, 1);
  if (r.ok !== 1) throw new Error(JSON.stringify(r));
  return r;
};
const find = (filter: Record<string, unknown>) =>
  (run({ find: 'people', filter, batchSize: 10_000 }).cursor.firstBatch as { n: number; }[]).map((d) => Number(d.n)).sort((a, b) => a - b);
const plan = (filter: Record<string, unknown>) => JSON.stringify(run({ explain: { find: 'people', filter } }).queryPlanner.winningPlan);

beforeAll(() => {
  dir = tempDir('engine-rx-');
  store = new Store(dir);
  store.open();
  run({ insert: 'people', documents: docs });
  run({ createIndexes: 'people', indexes: [{ key: { keys: 1 }, name: 'keys_1' }, { key: { name: 1 }, name: 'name_1' }] });
});
afterAll(() => {
  cursors.close();
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a regex anchored at the start', () => {
  it('reads its literal prefix, and nothing from a pattern that could match elsewhere', () => {
    expect(regexPrefix(/^smi/)).toBe('smi');
    expect(regexPrefix(/^a\.b/)).toBe('a.b');
    expect(regexPrefix(/^smit?h/)).toBe('smi');
    expect(regexPrefix(/^sm+/)).toBe('sm');
    expect(regexPrefix(/^\d+/)).toBeUndefined();
    expect(regexPrefix(/^smi/i)).toBeUndefined();
    expect(regexPrefix(/^smi|jo/)).toBeUndefined();
    expect(regexPrefix(/smi/)).toBeUndefined();
  });

  it('finds through the index what a scan finds, on plain and array fields', () => {
    for (const rx of [/^smi/, /^sm/, /^a\.b/, /^a\+/, /^smit?h/, /^Smi/, /^smithers$/]) {
      for (const field of ['keys', 'name']) {
        const want = docs.filter((d) => (Array.isArray(d[field as 'keys']) ? (d[field as 'keys'] as string[]) : [d[field as 'name']]).some((w) => rx.test(w)))
          .map((d) => d.n);
        expect(find({ [field]: rx }), `${field} ${rx}`).toEqual(want);
        expect(plan({ [field]: rx }), `${field} ${rx}`).toContain('IXSCAN');
      }
    }
    expect(plan({ name: /mith/ })).toContain('COLLSCAN');
  });
});
