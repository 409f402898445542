// What every router receives: built once in main.ts, passed down explicitly (no globals).
import type { Config } from './config';
import type { Logger } from './logger';
import type { TokenService } from './http/auth';
import type { Mailer } from './notify/mail';
import type { FileStore } from './lib/files';
import type { Clock } from './clock';
import type { JobRunner } from './jobs/runner';
import type { PushSender } from './notify/push';
import type { Metrics } from './ops/metrics';

export interface Deps {
  config: Config;
  log: Logger;
  tokens: TokenService;
  mailer: Mailer;
  files: FileStore;
  dbKind: 'embedded' | 'mongodb';
  version: string;
  /** The one source of "now" for time rules (the submit-work rule); tests can move it. */
  clock: Clock;
  /** Everything done later (reminders…): jobs.define / schedule / cancel (jobs/runner.ts). */
  jobs: JobRunner;
  /** Web Push to stored subscriptions (notify/push.ts). */
  push: PushSender;
  /** Prometheus metrics (app.ts makes its own when absent). */
  metrics?: Metrics;
  /** Background timers by name, each saying whether it is running (the readiness probe reads them). */
  timers?: Record<string, () => boolean>;
}
