// The monthly statement e-mail (README "Statements"), on the one job runner: on the 1st at 08:00
// London, `statements-month:{YYYY-MM}` (the month just ended) plans one `statement:{customerId}:{YYYY-MM}`
// per customer with visits in it; each sends that customer's statement through notify (their choice
// for `statements`) and records `emailed_at`. The keys make it once per customer and month however
// many instances plan or run them; a statement already e-mailed is not sent again.
import mongoose from 'mongoose';
import { STATEMENT_MSG } from '@shared/messages-statements';
import { formatPence } from '@shared/pricing';
import { addMonths, formatMonth, monthBounds } from '@shared/statements';
import { londonWallTime } from '@shared/when';
import type { Deps } from '../deps';
import { Statement } from '../models/Statement';
import { User } from '../models/User';
import { Visit } from '../models/Visit';
import { notify } from '../notify/notify';
import { customerStatement, monthRange, thisMonth } from '../services/statements/statements';
import { overdueAt, overdueJobKey, sendOverdueReminder } from '../services/ledger/overdue';

export const STATEMENTS_MONTH = 'statements-month';
export const STATEMENT_MAIL = 'statement-mail';
export const STATEMENT_OVERDUE = 'statement-overdue';
/** London wall time on the 1st. */
const SEND_AT = '08:00';

type JobDeps = Pick<Deps, 'jobs' | 'config' | 'mailer' | 'push' | 'log' | 'clock'>;

export const statementMailKey = (userId: string, month: string) => `statement:${userId}:${month}`;
const monthJobKey = (month: string) => `${STATEMENTS_MONTH}:${month}`;

/** Plans the e-mails of `month` for the 1st of the month after it (idempotent by key). */
export function scheduleStatementMonth(deps: Pick<Deps, 'jobs'>, month: string) {
  const runAt = new Date(londonWallTime(monthBounds(month).next, SEND_AT)!);
  return deps.jobs.schedule({ key: monthJobKey(month), kind: STATEMENTS_MONTH, runAt, payload: { month } });
}

/** One customer's e-mail for `month`: nothing when they had no visits, or it went already. */
export async function sendStatementMail(deps: JobDeps, userId: string, month: string): Promise<boolean> {
  const id = new mongoose.Types.ObjectId(userId);
  if (await Statement.exists({ user: id, month, emailed_at: { $ne: null } })) return false;
  const user = await User.findById(id, { name: 1 }).lean();
  const answer = await customerStatement(userId, month, deps.config.vatPercent);
  if (!user || !answer.visits.length) return false;
  const { counts, total_pence } = answer.statement;
  const summary = [STATEMENT_MSG.done(counts.done), STATEMENT_MSG.skipped(counts.skipped), STATEMENT_MSG.cancelled(counts.cancelled)].join(', ');
  const label = formatMonth(month);
  await notify(deps, { type: 'customer', id: userId }, 'statements', {
    subject: STATEMENT_MSG.mailSubject(label),
    text: STATEMENT_MSG.mailText(user.name.split(' ')[0] || user.name, label, summary, formatPence(total_pence)),
    url: `/statements?month=${month}`,
  });
  // Mail first, then the mark (a crash between them sends again once: README "Jobs").
  await Statement.updateOne({ user: id, month }, { $set: { emailed_at: deps.clock.now() }, $setOnInsert: { paid: false } }, { upsert: true }).catch(
    (err: unknown) => {
      if ((err as { code?: number; }).code !== 11000) throw err;
      return Statement.updateOne({ user: id, month }, { $set: { emailed_at: deps.clock.now() } });
    },
  );
  await deps.jobs.schedule({
    key: overdueJobKey(userId, month),
    kind: STATEMENT_OVERDUE,
    runAt: overdueAt(deps.clock.now(), deps.config.paymentTermsDays),
    payload: { userId, month },
  });
  return true;
}

/** Registers both kinds and plans this month's run (a restart keeps the one already planned). */
export async function startStatementJobs(deps: JobDeps, plan: boolean): Promise<void> {
  deps.jobs.define(STATEMENTS_MONTH, async (p) => {
    const month = String(p.month);
    const { start, end } = monthRange(month);
    const customers = await Visit.distinct('user', { start: { $gte: start, $lt: end } });
    for (const c of customers) {
      await deps.jobs.schedule({
        key: statementMailKey(String(c), month),
        kind: STATEMENT_MAIL,
        runAt: deps.clock.now(),
        payload: { userId: String(c), month },
      });
    }
    await scheduleStatementMonth(deps, addMonths(month, 1));
  });
  deps.jobs.define(STATEMENT_MAIL, async (p) => {
    await sendStatementMail(deps, String(p.userId), String(p.month));
  });
  deps.jobs.define(STATEMENT_OVERDUE, async (p) => {
    await sendOverdueReminder(deps, String(p.userId), String(p.month));
  });
  if (plan) await scheduleStatementMonth(deps, thisMonth(deps.clock.now()));
}
