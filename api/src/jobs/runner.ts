// The one job runner: everything sent later lives in the database as a Job (models/Job.ts), is
// claimed with a lease so several instances on one database run it once, retried with backoff, and
// survives a restart or a kill -9 (an expired lease is claimed again). Time is the server's clock
// (clock.ts), so TEST_CLOCK_FILE moves it; that is why this is not Agenda or Pulse (README, Job runner).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import { isDuplicateKey } from '../models/duplicate-key';
import { Job, NO_LEASE, type JobDoc } from '../models/Job';

export interface JobContext {
  key: string;
  /** 1 on the first run, 2 on the first retry… (a run cut off by a crash counts). */
  attempt: number;
  runAt: Date;
}
export type JobHandler = (payload: Record<string, unknown>, job: JobContext) => Promise<void>;

export interface KindOptions {
  /** Runs before the job is marked failed (default 8). */
  maxAttempts?: number;
  /** Delay before retry n (1-based); default 30 s doubling, at most an hour, ±20 %. */
  backoffMs?: (attempt: number) => number;
}

export interface ScheduleInput {
  key: string;
  kind: string;
  runAt: Date;
  payload?: Record<string, unknown>;
  staleAfter?: Date | null;
  /** A done job matching this (e.g. its payload's old visit start) is planned again: a moved visit's new reminder. */
  rearmDoneWhere?: Record<string, unknown>;
}

export interface JobRunnerOptions {
  clock: Clock;
  log: Logger;
  /** Poll interval; 0: no timer, only tick() (tests). */
  pollMs: number;
  /** How long a claim holds before another instance may take the job; renewed while it runs. */
  leaseMs: number;
  /** Jobs run at once by this instance. */
  concurrency?: number;
}

export interface JobRunner {
  define(kind: string, handler: JobHandler, options?: KindOptions): void;
  /** Idempotent by key: an existing job that is not done gets the new time, payload and stale time. Answers false when it is done. */
  schedule(input: ScheduleInput): Promise<boolean>;
  /** schedule() of many jobs in one bulk write (a plan's reminders): how many were planned (done ones stay done). */
  scheduleMany(inputs: ScheduleInput[]): Promise<number>;
  /**
   * Jobs whose keys are new (the reminders of visits just made): one plain insert, a key already there
   * left as it is (the same batch redone after a kill). Answers how many were added.
   */
  scheduleNew(inputs: ScheduleInput[]): Promise<number>;
  /** A pending job no longer runs; answers whether there was one. */
  cancel(key: string): Promise<boolean>;
  /** Claims and runs every due job once, answering how many ran (tests and the poll timer). */
  tick(): Promise<number>;
  start(): void;
  /** Stops polling and waits for the runs in flight. */
  stop(): Promise<void>;
  readonly owner: string;
}

export function defaultBackoff(attempt: number): number {
  const base = Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

const MAX_ERROR_CHARS = 2000;

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { clock, log, leaseMs } = opts;
  const kinds = new Map<string, { handler: JobHandler; options: KindOptions; }>();
  // Unique per process start: a restarted instance never mistakes its predecessor's lease for its own.
  const owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  let closing = false;

  /** See JobRunner.scheduleMany. */
  async function scheduleMany(inputs: ScheduleInput[]): Promise<number> {
    if (!inputs.length) return 0;
    const ops = inputs.map(({ key, kind, runAt, payload = {}, staleAfter = null, rearmDoneWhere }) => ({
      updateOne: {
        // One conditional write: a done job comes back only while it still matches (two movers at once re-arm it once).
        filter: rearmDoneWhere ? { key, $or: [{ state: { $ne: 'done' } }, { state: 'done', ...rearmDoneWhere }] } : { key, state: { $ne: 'done' } },
        // A new plan starts its attempts again (a failed or cancelled job scheduled anew runs again).
        update: {
          $set: { kind, run_at: runAt, payload, stale_after: staleAfter, state: 'pending', attempts: 0, last_error: null, finished_at: null },
          $inc: { rev: 1 },
          $setOnInsert: { lease_owner: null, lease_until: NO_LEASE },
        },
        upsert: true,
      },
    }));
    try {
      await Job.bulkWrite(ops as never, { ordered: false });
      return inputs.length;
    } catch (err) {
      // A key that exists and is done: the upsert's insert met the unique index. Done stays done.
      const errors = (err as { writeErrors?: Array<{ code?: number; err?: { code?: number; }; }>; }).writeErrors;
      if (!errors?.length || errors.some((w) => (w.code ?? w.err?.code) !== 11000)) {
        if (isDuplicateKey(err) && inputs.length === 1) return 0;
        throw err;
      }
      return inputs.length - errors.length;
    }
  }

  /** One due, unleased job of a kind this instance knows, leased to it in the same atomic update. */
  async function claim(): Promise<JobDoc | null> {
    if (!kinds.size) return null;
    const now = clock.now();
    return Job.findOneAndUpdate(
      { state: 'pending', run_at: { $lte: now }, lease_until: { $lte: now }, kind: { $in: [...kinds.keys()] } },
      { $set: { lease_owner: owner, lease_until: new Date(now.getTime() + leaseMs) }, $inc: { attempts: 1 } },
      { sort: { run_at: 1 }, returnDocument: 'after' },
    ).lean<JobDoc>();
  }

  /** Only while this instance still holds the lease on this version of the job. */
  const mine = (job: JobDoc) => ({ _id: job._id, lease_owner: owner, rev: job.rev });

  async function runOne(job: JobDoc): Promise<void> {
    const now = clock.now();
    if (job.stale_after && job.stale_after <= now) {
      const dropped = await Job.updateOne(mine(job), { $set: { state: 'dropped', finished_at: now, lease_owner: null, lease_until: NO_LEASE } });
      if (dropped.modifiedCount) {
        log.warn({ key: job.key, kind: job.kind, runAt: job.run_at, staleAfter: job.stale_after }, 'job dropped: past its point after downtime');
      }
      return;
    }
    const { handler, options } = kinds.get(job.kind)!;
    // Renew the lease while the handler runs, so a slow run is not taken over by another instance.
    const renew = setInterval(() => {
      void Job.updateOne(mine(job), { $set: { lease_until: new Date(clock.now().getTime() + leaseMs) } }).catch((err) =>
        log.warn({ err, key: job.key }, 'job lease renewal failed')
      );
    }, Math.max(50, Math.floor(leaseMs / 3)));
    try {
      await handler((job.payload ?? {}) as Record<string, unknown>, { key: job.key, attempt: job.attempts, runAt: job.run_at });
      clearInterval(renew);
      // Marked done in one conditional update: no instance claims it again after this.
      const done = await Job.updateOne(mine(job), {
        $set: { state: 'done', finished_at: clock.now(), lease_owner: null, lease_until: NO_LEASE, last_error: null },
      });
      if (!done.modifiedCount) await release(job, 'rescheduled while it ran: runs again at its new time');
    } catch (err) {
      clearInterval(renew);
      const message = String((err as Error)?.stack ?? err).slice(0, MAX_ERROR_CHARS);
      const max = options.maxAttempts ?? 8;
      if (job.attempts >= max) {
        const failed = await Job.updateOne(mine(job), {
          $set: { state: 'failed', finished_at: clock.now(), last_error: message, lease_owner: null, lease_until: NO_LEASE },
        });
        if (!failed.modifiedCount) return release(job, 'rescheduled while it ran: runs again at its new time');
        log.error({ err, key: job.key, attempts: job.attempts }, 'job failed for good');
      } else {
        const delay = (options.backoffMs ?? defaultBackoff)(job.attempts);
        const retry = await Job.updateOne(mine(job), {
          $set: { run_at: new Date(clock.now().getTime() + delay), last_error: message, lease_owner: null, lease_until: NO_LEASE },
        });
        if (!retry.modifiedCount) return release(job, 'rescheduled while it ran: runs again at its new time');
        log.warn({ err, key: job.key, attempt: job.attempts, retryInMs: delay }, 'job failed, will retry');
      }
    }
  }

  async function release(job: JobDoc, why: string) {
    await Job.updateOne({ _id: job._id, lease_owner: owner }, { $set: { lease_owner: null, lease_until: NO_LEASE } });
    log.info({ key: job.key }, why);
  }

  async function worker(): Promise<number> {
    let ran = 0;
    while (!closing) {
      const job = await claim();
      if (!job) break;
      await runOne(job);
      ran++;
    }
    return ran;
  }

  async function tick(): Promise<number> {
    const counts = await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
    return counts.reduce((a, b) => a + b, 0);
  }

  function loop() {
    if (stopped) return;
    running = tick()
      .catch((err) => {
        log.error({ err }, 'job poll failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(loop, opts.pollMs);
      });
  }

  return {
    owner,
    define(kind, handler, options = {}) {
      kinds.set(kind, { handler, options });
    },
    async schedule(input) {
      return (await scheduleMany([input])) === 1;
    },
    scheduleMany,
    async scheduleNew(inputs) {
      if (!inputs.length) return 0;
      const at = clock.now();
      const docs = inputs.map(({ key, kind, runAt, payload = {}, staleAfter = null }) => ({
        key,
        kind,
        payload,
        run_at: runAt,
        stale_after: staleAfter,
        state: 'pending',
        attempts: 0,
        last_error: null,
        lease_owner: null,
        lease_until: NO_LEASE,
        rev: 0,
        finished_at: null,
        created_at: at,
        updated_at: at,
      }));
      try {
        return (await Job.collection.insertMany(docs, { ordered: false })).insertedCount;
      } catch (err) {
        const e = err as { writeErrors?: Array<{ code?: number; err?: { code?: number; }; }>; result?: { insertedCount?: number; }; };
        const errors = e.writeErrors ?? [];
        if ((!isDuplicateKey(err) && !errors.length) || errors.some((w) => (w.code ?? w.err?.code) !== 11000)) throw err;
        return e.result?.insertedCount ?? docs.length - errors.length;
      }
    },
    async cancel(key) {
      const r = await Job.updateOne({ key, state: 'pending' }, { $set: { state: 'cancelled', finished_at: clock.now() }, $inc: { rev: 1 } });
      return r.modifiedCount > 0;
    },
    tick,
    start() {
      if (!stopped || opts.pollMs <= 0) return;
      stopped = false;
      loop();
    },
    async stop() {
      stopped = true;
      closing = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
