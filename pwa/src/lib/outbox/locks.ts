// Mutual exclusion for the outbox, across tabs. With the Web Locks API (all current browsers) the
// browser releases a lock when its tab dies, so a crashed sender never blocks anyone. Without it we
// fall back to an in-tab guard plus a Dexie lease that expires if its owner stops renewing it.
import { db } from '../db';
import { withDb } from './connection';

export const REPLAY_LOCK = 'outbox-replay';
export const LEASE_MS = 15_000;
const tabId = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random());

const held = new Set<string>();

function webLocks(): LockManager | undefined {
  return typeof navigator !== 'undefined' && navigator.locks && typeof navigator.locks.request === 'function' ? navigator.locks : undefined;
}

async function takeLease(name: string): Promise<boolean> {
  const now = Date.now();
  return withDb(() =>
    db.transaction('rw', db.leases, async () => {
      const lease = await db.leases.get(name);
      if (lease && lease.owner !== tabId && lease.expiresAt > now) return false;
      await db.leases.put({ name, owner: tabId, expiresAt: now + LEASE_MS });
      return true;
    })
  );
}

/** Keep our lease alive during a long drain (called between items). No-op with Web Locks. */
export async function renewLease(name: string): Promise<void> {
  if (webLocks() || !held.has(name)) return;
  await withDb(() => db.leases.update(name, { expiresAt: Date.now() + LEASE_MS }));
}

async function dropLease(name: string) {
  await withDb(() =>
    db.transaction('rw', db.leases, async () => {
      const lease = await db.leases.get(name);
      if (lease?.owner === tabId) await db.leases.delete(name);
    })
  );
}

/**
 * Runs `fn` holding the named lock if nobody else holds it; resolves `{ ran: false }` at once otherwise.
 * `shared` (fallback only) also takes the cross-tab Dexie lease.
 */
export async function tryWithLock<T>(
  name: string,
  fn: () => Promise<T>,
  opts: { crossTabLease?: boolean; } = {},
): Promise<{ ran: true; value: T; } | { ran: false; }> {
  const locks = webLocks();
  if (locks) {
    return locks.request(name, { ifAvailable: true }, async (lock) => (lock ? { ran: true as const, value: await fn() } : { ran: false as const }));
  }
  if (held.has(name)) return { ran: false };
  held.add(name);
  try {
    if (opts.crossTabLease && !(await takeLease(name))) return { ran: false };
    try {
      return { ran: true, value: await fn() };
    } finally {
      if (opts.crossTabLease) await dropLease(name).catch(() => {});
    }
  } finally {
    held.delete(name);
  }
}

/** Is someone (in any tab) holding this lock right now? Used to tell a live send from a crashed one. */
export async function isLockHeld(name: string): Promise<boolean | undefined> {
  const locks = webLocks();
  if (locks) {
    const state = await locks.query();
    return (state.held ?? []).some((l) => l.name === name);
  }
  // Fallback: we only know about our own tab.
  return held.has(name) ? true : undefined;
}

export const itemLock = (id: string) => `outbox-item-${id}`;
