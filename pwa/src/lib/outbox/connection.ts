// Every outbox use of IndexedDB goes through withDb(): browsers drop connections (WebKit while an app
// sits in the background: "Connection to Indexed Database server lost"; anything may close it), and
// an outbox that fails silently loses what a person typed. So: reopen and try once more; if that
// fails too, tell the screen (useStorageProblem.ts) and throw, never swallow.
import { db } from '../db';
import { setStorageProblem as setProblem } from './problem';

const LOST = /connection|closed|closing|lost|backing store/i;
const LOST_NAMES = new Set(['DatabaseClosedError', 'InvalidStateError', 'UnknownError', 'AbortError', 'TransactionInactiveError']);

/** Does this error say "the connection is gone" (rather than "this operation is wrong")? */
export function isConnectionLost(err: unknown): boolean {
  const e = err as { name?: string; message?: string; inner?: { name?: string; message?: string; }; } | null;
  if (!e) return false;
  return [e, e.inner].some((x) => !!x && (LOST_NAMES.has(x.name ?? '') || LOST.test(x.message ?? '')));
}

async function reopen(): Promise<void> {
  // Dexie keeps an object it thinks is open; close it (allowing a reopen) and open a fresh connection.
  db.close({ disableAutoOpen: false });
  await db.open();
}

/** Runs `op`; on a lost connection reopens the database and runs it once more. */
export async function withDb<T>(op: () => Promise<T>): Promise<T> {
  try {
    const value = await op();
    setProblem(null);
    return value;
  } catch (err) {
    if (!isConnectionLost(err)) throw err;
    try {
      await reopen();
      const value = await op();
      setProblem(null);
      return value;
    } catch (again) {
      setProblem(String((again as Error)?.message ?? again));
      throw again;
    }
  }
}
