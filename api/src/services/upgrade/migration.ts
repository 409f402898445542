// What a start-up migration is: a job done once over the data of an older release, in batches, each
// batch safe to run again (a kill between its writes and the progress record redoes it).
import type { JobRunner } from '../../jobs/runner';

export interface MigrationContext {
  now: Date;
  horizonDays: number;
  reminderLeadMs: number;
  /** Records read per batch. */
  batchSize: number;
  jobs: Pick<JobRunner, 'scheduleNew'>;
}

/** What a migration changed, by kind: plans_active, plans_ended, visits, jobs, messages, records… */
export type Changes = Record<string, number>;

export interface Migration {
  /** Its record in `migrations` (models/migrations.ts): done once it has run. */
  id: string;
  /** Said in the log and the dry run. */
  what: string;
  /** How many records it looks at (its share of the percent shown); 0: nothing to do on this database. */
  size(): Promise<number>;
  /** One batch after `after` (null: from the start); null when nothing is left. */
  batch(ctx: MigrationContext, after: string | null): Promise<{ last: string; seen: number; changes: Changes; } | null>;
  /** Marked done on a database with nothing to migrate (otherwise data copied in later is still migrated). */
  markWhenEmpty?: boolean;
  /** Answers that would be wrong until it is done: 503 with Retry-After meanwhile. */
  blocks?: RegExp[];
}

/** A migration whose work is one idempotent pass of an older backfill (it batches its own writes). */
export function onePass(
  id: string,
  what: string,
  size: () => Promise<number>,
  run: () => Promise<number | undefined>,
  extra: Partial<Migration> = {},
): Migration {
  return {
    id,
    what,
    size,
    async batch(_ctx, after) {
      if (after) return null;
      const records = (await run()) ?? 0;
      return { last: 'all', seen: await size(), changes: { records } };
    },
    ...extra,
  };
}
