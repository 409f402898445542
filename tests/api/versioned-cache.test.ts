// lib/versioned-cache.ts on its own (the write versions and the clock of its age stood in for): an
// answer is built once per versions, given again within its age, and past its age still given while
// one successor builds in the background; new versions wait for their own build.
import { afterEach, describe, expect, it, vi } from 'vitest';

const versions = { visits: 1 };
vi.mock('../../api/src/models/write-version', () => ({
  writeVersions: async (...names: string[]) => Object.fromEntries(names.map((n) => [n, n === 'visits' ? versions.visits : 0])),
}));
const { versionedCache } = await import('../../api/src/lib/versioned-cache');

/** A build the test finishes (or fails) when it wants, counted. */
function builds() {
  const made: Array<{ resolve: (v: string) => void; reject: (e: Error) => void; }> = [];
  const build = () =>
    new Promise<string>((resolve, reject) => {
      made.push({ resolve, reject });
    });
  return { made, build };
}
const settle = () => new Promise((r) => setImmediate(r));
/** A cache holding `value` for `key`, built once. */
async function holding(key: string, value: string) {
  const cache = versionedCache<string>(['visits'], 10);
  const b = builds();
  const first = cache.get(key, b.build);
  await settle();
  b.made[0].resolve(value);
  expect(await first).toBe(value);
  return { cache, b };
}
let now = 1_000_000;
vi.spyOn(Date, 'now').mockImplementation(() => now);
afterEach(() => {
  versions.visits = 1;
});

describe('versionedCache', () => {
  it('builds once per versions; past its age gives the kept answer while one renewal builds', async () => {
    const { cache, b } = await holding('week', 'v1');
    now += 1000;
    expect(await cache.get('week', b.build)).toBe('v1');
    expect(b.made).toHaveLength(1);

    // Past its age: the same answer at once, and one renewal however many ask meanwhile.
    now += 10_000;
    expect(await cache.get('week', b.build)).toBe('v1');
    expect(await cache.get('week', b.build)).toBe('v1');
    expect(b.made).toHaveLength(2);
    b.made[1].resolve('v1 renewed');
    await settle();
    expect(await cache.get('week', b.build)).toBe('v1 renewed');
    expect(b.made).toHaveLength(2);

    // A write moved the versions: the next request waits for its own build.
    versions.visits = 2;
    const after = cache.get('week', b.build);
    await settle();
    expect(b.made).toHaveLength(3);
    b.made[2].resolve('v2');
    expect(await after).toBe('v2');
  });

  it('keeps the old answer when a renewal fails, and renews again at the next request', async () => {
    const { cache, b } = await holding('k', 'old');
    now += 10_000;
    expect(await cache.get('k', b.build)).toBe('old');
    b.made[1].reject(new Error('database gone'));
    await settle();
    expect(await cache.get('k', b.build)).toBe('old');
    expect(b.made).toHaveLength(3);
    b.made[2].resolve('new');
    await settle();
    expect(await cache.get('k', b.build)).toBe('new');
  });

  it('does not keep a renewal over an answer of newer versions', async () => {
    const { cache, b } = await holding('k', 'v1');
    now += 10_000;
    expect(await cache.get('k', b.build)).toBe('v1'); // renewal b.made[1] starts
    versions.visits = 2;
    const fresh = cache.get('k', b.build);
    await settle();
    b.made[2].resolve('v2');
    expect(await fresh).toBe('v2');
    b.made[1].resolve('v1 renewed late');
    await settle();
    expect(await cache.get('k', b.build)).toBe('v2');
  });
});
