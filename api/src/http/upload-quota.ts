// Quotas for public uploads, checked before a byte of the body is read: per IP per day and for the
// whole site per hour (counters in the database, shared by every instance), and a few uploads in
// flight at once per instance (what protects this process's disk and memory right now). A retry of an
// upload already answered (its Idempotency-Key) is answered from the key, its body never read; the
// in-flight cap applies to it too.
import type { Middleware } from 'koa';
import { API_MSG } from '@shared/messages-api';
import type { Clock } from '../clock';
import { takeAll, tooMany } from '../lib/rate-limit';
import { replayAnswered } from './idempotency';
import { answerBeforeBody } from './uploads';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export interface UploadQuota {
  /** Counter namespace (e.g. 'cv'). */
  name: string;
  perIpPerDay: number;
  perHour: number;
  inFlight: number;
  /** The server's clock: the day's and hour's windows follow it. */
  clock: Clock;
}

/** How long a client refused for "too many at once" should wait. */
const BUSY_RETRY_MS = 30_000;

export function uploadQuota(quota: UploadQuota): Middleware {
  let running = 0;
  return async function limitUploads(ctx, next) {
    if (!ctx.is('multipart')) return next();
    // The refusal is answered at once and the connection closed, so the rest of the body is never read.
    const refuse = (err: Error) => {
      answerBeforeBody(ctx);
      return err;
    };
    if (running >= quota.inFlight) throw refuse(tooMany(BUSY_RETRY_MS, API_MSG.uploadBusy));
    running++;
    try {
      // A retry of an upload already answered: the stored answer, nothing stored, no quota counted.
      if (await replayAnswered(ctx)) return answerBeforeBody(ctx);
      try {
        await takeAll([
          { name: `${quota.name}-upload-ip-day`, key: ctx.ip, max: quota.perIpPerDay, windowMs: DAY, message: API_MSG.uploadQuotaIp },
          { name: `${quota.name}-upload-hour`, key: 'all', max: quota.perHour, windowMs: HOUR, message: API_MSG.uploadQuotaGlobal },
        ], quota.clock.now().getTime());
      } catch (err) {
        throw refuse(err as Error);
      }
      await next();
    } finally {
      running--;
    }
  };
}
