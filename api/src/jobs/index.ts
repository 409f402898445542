// Every job kind, registered in one place, on the one runner (runner.ts); nothing else runs work on a
// timer. Each kind's handler reads what it needs when it runs.
//   visit-generation      the visits topped up to the horizon every VISIT_GENERATE_EVERY_MS
//   visit-reminder …      reminders, rating requests, evening lists, late starts, cover (visit-notices.ts)
//   statements-month/mail the monthly statement e-mails (statements.ts)
//   payment-charge/plan   card charges after each clean, planned when STRIPE_SECRET_KEY is set (payments.ts)
//   retention             the nightly retention pass (retention.ts)
//   problem-customer      a customer told of a problem at their home, with its photos (services/problems/tell.ts)
//   data-export           large copies of someone's data (services/data-rights/export.ts)
//   backup                the daily backup when BACKUP_DIR is set (ops/schedule.ts)
//   startup-migrations    an older release's data upgraded in the background (services/upgrade/run.ts)
import type mongoose from 'mongoose';
import type { Deps } from '../deps';
import { Job } from '../models/Job';
import { defineBackupJob } from '../ops/schedule';
import { defineDataExportJob } from '../services/data-rights/export';
import { defineProblemJobs } from '../services/problems/tell';
import { generationPass } from '../services/plans/visits-generate';
import { defineStartupMigrations } from '../services/upgrade/run';
import { defineRetention, scheduleRetention } from './retention';
import { startStatementJobs } from './statements';
import { startPaymentJobs } from './payments';
import { remindNewVisits, startVisitNoticeJobs } from './visit-notices';

export const VISIT_GENERATION = 'visit-generation';

/** Defines every kind and plans the recurring ones (a restart keeps those already planned). */
export async function registerJobs(deps: Deps, db: { kind: 'embedded' | 'mongodb'; connection: mongoose.Connection; }): Promise<void> {
  const { jobs, clock, config } = deps;
  await startVisitNoticeJobs(deps);
  const onNew = (visits: Parameters<typeof remindNewVisits>[1]) => remindNewVisits(deps, visits);
  jobs.define(VISIT_GENERATION, async () => {
    await generationPass(deps, onNew);
    await jobs.schedule({ key: VISIT_GENERATION, kind: VISIT_GENERATION, runAt: new Date(clock.now().getTime() + config.visitGenerateEveryMs) });
  });
  if (config.visitGenerationJob && !(await Job.exists({ key: VISIT_GENERATION, state: 'pending' }))) {
    await jobs.schedule({ key: VISIT_GENERATION, kind: VISIT_GENERATION, runAt: new Date(clock.now().getTime() + config.visitGenerateEveryMs) });
  }
  defineRetention(deps);
  if (config.retentionJob) await scheduleRetention(deps);
  defineDataExportJob(deps);
  defineProblemJobs(deps);
  await startStatementJobs(deps, config.statementsJob);
  await startPaymentJobs(deps);
  await defineBackupJob(deps, db);
  defineStartupMigrations(deps);
}

/** The pass at start, in the background (the recurring job moves the horizon on later); waited for at close. */
export function startGenerationPass(deps: Deps): Promise<void> {
  return generationPass(deps, (visits) => remindNewVisits(deps, visits));
}
