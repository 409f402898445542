// The one "now" that time rules read. Production: the system clock. Tests may name a file
// (TEST_CLOCK_FILE) holding an offset in milliseconds, read on every call so a running server's
// clock can be moved forward without a restart.
import { readFileSync } from 'node:fs';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

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
