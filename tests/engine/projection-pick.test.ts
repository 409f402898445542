// A projection that only picks top-level fields is a key pick (no mingo projection compiled per find):
// the same documents as mingo's projection gives them (_id first, as mongod), the values shared.
import { describe, expect, it } from 'vitest';
import { Query } from 'mingo';
import { project } from '../../api/engine/commands/projection';
import { mingoOptions, queriesBuilt } from '../../api/engine/mingo-query';
import { toView, type Doc } from '../../api/engine/values';

/** The engine's own mingo queries built while `run` runs: a key pick must build none. */
function queriesIn<T>(run: () => T): [T, number] {
  const before = queriesBuilt.count;
  const out = run();
  return [out, queriesBuilt.count - before];
}

const docs: Doc[] = [
  { _id: 'a', plan: 'p1', start: new Date(5), state: 'scheduled', nested: { x: 1 }, list: [1, 2], gone: null },
  { _id: 'b', state: 'completed', start: new Date(6) },
  { plan: 'p2', nested: { x: 2 } },
];
const viaMingo = (projection: Doc) =>
  (new Query({}, mingoOptions).find(docs, toView(projection) as Doc).all() as Doc[]).map((
    d,
  ) => (Object.keys(d)[0] === '_id' || !('_id' in d) ? d : { _id: d._id, ...d }));

describe('an inclusion projection of top-level fields', () => {
  it.each([
    { plan: 1, start: 1 },
    { start: 1, plan: 1, _id: 0 },
    { _id: 1 },
    { _id: 1, nested: true, gone: 1, list: 1, missing: 1 },
    { state: 1, _id: false },
  ])('gives what mingo gives for %j, without compiling a projection', (projection) => {
    const [got, built] = queriesIn(() => project(docs, projection));
    expect(built).toBe(0);
    expect(got).toEqual(viaMingo(projection));
    for (const d of got) if ('_id' in d) expect(Object.keys(d)[0]).toBe('_id');
  });

  it('shares the stored values instead of copying them', () => {
    const [first] = project(docs, { nested: 1, list: 1 });
    expect(first.nested).toBe(docs[0].nested);
    expect(first.list).toBe(docs[0].list);
  });

  it('leaves other projections to mingo', () => {
    const [nested, built] = queriesIn(() => project(docs, { 'nested.x': 1 }));
    expect(nested).toEqual(viaMingo({ 'nested.x': 1 }));
    expect(built).toBe(1);
    expect(() => project(docs, { plan: 1, state: 0 })).toThrow();
  });
});
