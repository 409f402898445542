// The one "now" that time rules read. Production: the system clock. Tests may name a file
// (TEST_CLOCK_FILE) holding an offset in milliseconds, read on every call so a running server's
// clock can be moved forward without a restart.
import { readFileSync } from 'node:fs';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The database's own time, which the test clock never moves: what a TTL index expires by (a rate-limit
 * counter's `expiresAt`) and what the journal's stamps and a backup's moment are on.
 */
export const databaseClock: Clock = systemClock;

export function createClock(testClockFile?: string): Clock {
  if (!testClockFile) return systemClock;
  return {
    now() {
      let offset = 0;
      try {
        offset = Number(readFileSync(testClockFile, 'utf8').trim()) || 0;
      } catch {
        /* no file yet: no offset */
      }
      return new Date(Date.now() + offset);
    },
  };
}

let running: Clock = systemClock;

/**
 * The running server's clock (main.ts sets it), for times written where no deps reach: mongoose's
 * created_at / updated_at, an idempotency key's start, an outbox file's time. Rules read those later
 * (retention periods, the board's waiting time, the 14-day cancel) against deps.clock: both the same clock.
 */
export const serverClock: Clock = { now: () => running.now() };

export function useServerClock(clock: Clock): void {
  running = clock;
}
