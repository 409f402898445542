// Two "tabs" = two independent copies of the outbox modules (and two Dexie connections) on the same
// IndexedDB, as in a browser. Exclusivity is checked with the Dexie lease fallback and with Web Locks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptFetch } from './outbox-helpers';

type Tab = {
  db: typeof import('@/lib/db').db;
  submit: typeof import('@/lib/outbox/submit').submitRequest;
  replay: typeof import('@/lib/outbox/replay').replayOutbox;
  resetStuck: typeof import('@/lib/outbox/replay').resetStuckSending;
};

async function openTab(): Promise<Tab> {
  vi.resetModules();
  const { db } = await import('@/lib/db');
  const { submitRequest } = await import('@/lib/outbox/submit');
  const { replayOutbox, resetStuckSending } = await import('@/lib/outbox/replay');
  return { db, submit: submitRequest, replay: replayOutbox, resetStuck: resetStuckSending };
}

/** A minimal Web Locks implementation: exclusive locks, ifAvailable, query(). */
class FakeLocks {
  held = new Map<string, Promise<unknown>>();
  async request(name: string, opts: { ifAvailable?: boolean; }, cb: (lock: { name: string; } | null) => Promise<unknown>) {
    while (this.held.has(name)) {
      if (opts.ifAvailable) return cb(null);
      await this.held.get(name)!.catch(() => {});
    }
    const run = cb({ name });
    this.held.set(name, run);
    try {
      return await run;
    } finally {
      this.held.delete(name);
    }
  }
  async query() {
    return { held: [...this.held.keys()].map((name) => ({ name, mode: 'exclusive' })), pending: [] };
  }
}

const contact = (n: number) => ({ kind: 'contact' as const, label: `Message ${n}`, path: '/api/contact', auth: 'none' as const, json: { message: `m${n}` } });

beforeEach(async () => {
  const tab = await openTab();
  await tab.db.outbox.clear();
  await tab.db.leases.clear();
  tab.db.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

for (const mode of ['Dexie lease', 'Web Locks'] as const) {
  describe(`two tabs (${mode})`, () => {
    beforeEach(() => {
      if (mode === 'Web Locks') Object.defineProperty(navigator, 'locks', { value: new FakeLocks(), configurable: true });
    });
    afterEach(() => {
      if (mode === 'Web Locks') Reflect.deleteProperty(navigator, 'locks');
    });

    it('only one tab replays at a time; every item is sent once, oldest first', async () => {
      let online = false;
      const f = scriptFetch(() => (online ? { status: 201, delayMs: 10 } : 'network'));
      const a = await openTab();
      const b = await openTab();
      expect(a.replay).not.toBe(b.replay); // really two copies of the module state
      for (let n = 1; n <= 12; n++) await (n % 2 ? a : b).submit(contact(n));
      online = true;
      f.seen.length = 0;
      const [ra, rb] = await Promise.all([a.replay({ force: true }), b.replay({ force: true })]);
      expect([ra.ran, rb.ran].filter(Boolean).length).toBeGreaterThanOrEqual(1);
      expect(f.seen.map((s) => (s.body as { message: string; }).message)).toEqual(Array.from({ length: 12 }, (_, i) => `m${i + 1}`));
      // One replayer keeps at most 4 requests in flight; two replayers at once would exceed that.
      expect(f.maxInFlight()).toBeLessThanOrEqual(4);
      a.db.close();
      b.db.close();
    });

    it("a tab's immediate send and another tab's replay never post the same item twice", async () => {
      const f = scriptFetch(() => ({ status: 201, delayMs: 40 }));
      const a = await openTab();
      const b = await openTab();
      const sending = a.submit(contact(1));
      await new Promise((r) => setTimeout(r, 15)); // a is mid-send
      await b.replay({ force: true });
      await sending;
      expect(f.seen).toHaveLength(1);
      a.db.close();
      b.db.close();
    });
  });
}

describe('crash recovery with Web Locks', () => {
  it("resets a 'sending' item only when no live tab holds its lock", async () => {
    const locks = new FakeLocks();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    scriptFetch(() => ({ status: 201 }));
    const a = await openTab();
    const base = {
      kind: 'contact' as const,
      label: 'x',
      method: 'POST' as const,
      path: '/api/contact',
      auth: 'none' as const,
      attempts: 1,
      nextAttemptAt: 0,
      createdAt: Date.now(),
      sendingSince: Date.now(),
    };
    await a.db.outbox.bulkAdd([
      { ...base, id: 'dead', seq: 1, state: 'sending' },
      { ...base, id: 'alive', seq: 2, state: 'sending' },
    ]);
    let release!: () => void;
    void locks.request('outbox-item-alive', {}, () => new Promise<void>((r) => (release = r)));
    expect(await a.resetStuck()).toBe(1);
    expect((await a.db.outbox.get('dead'))!.state).toBe('queued');
    expect((await a.db.outbox.get('alive'))!.state).toBe('sending');
    release();
    Reflect.deleteProperty(navigator, 'locks');
    a.db.close();
  });
});
