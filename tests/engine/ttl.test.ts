// TTL indexes remove expired documents in the background (mongod sweeps every 60 s; the embedded
// engine every 30 s by default, shortened here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTarget, realMongo, type TestTarget } from './helpers';

let t: TestTarget;
beforeAll(async () => {
  t = await openTarget('ttl', { ttlSweepMs: 200 });
});
afterAll(async () => t.close());

describe('TTL indexes', () => {
  it(
    'removes documents once their date is older than expireAfterSeconds',
    async () => {
      const c = t.db.collection('otps');
      await c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      const idx = await c.indexes();
      expect(idx.find((i) => i.name === 'expiresAt_1')?.expireAfterSeconds).toBe(0);
      await c.insertMany([
        { code: 'old', expiresAt: new Date(Date.now() - 1000) },
        { code: 'fresh', expiresAt: new Date(Date.now() + 3_600_000) },
        { code: 'no-date', expiresAt: 'not a date' },
      ]);
      await expect
        .poll(() => c.countDocuments({ code: 'old' }), { timeout: realMongo ? 120_000 : 5_000, interval: 100 })
        .toBe(0);
      expect((await c.find({}).toArray()).map((d) => d.code).sort()).toEqual(['fresh', 'no-date']);
    },
    realMongo ? 130_000 : 10_000,
  );
});
