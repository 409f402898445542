// Overdue statements: a month e-mailed PAYMENT_TERMS_DAYS ago and still owing. The customer is told once
// (their `statements` choice respected) with the amount, the reference and the bank details; the office
// lists them oldest first.
import mongoose from 'mongoose';
import { LEDGER_MSG } from '@shared/messages-ledger';
import { formatPence } from '@shared/pricing';
import { formatMonth } from '@shared/statements';
import type { Deps } from '../../deps';
import { Statement, type StatementDoc } from '../../models/Statement';
import { User } from '../../models/User';
import { notify } from '../../notify/notify';
import { customerStatement } from '../statements/statements';
import { bankDetails, bankText } from './bank-details';

const DAY_MS = 86_400_000;
type OverdueDeps = Pick<Deps, 'config' | 'mailer' | 'push' | 'log' | 'clock'>;

export const overdueJobKey = (userId: string, month: string) => `statement-overdue:${userId}:${month}`;
export const overdueAt = (emailedAt: Date, termsDays: number) => new Date(emailedAt.getTime() + termsDays * DAY_MS);

/** The reminder of one month, when it is overdue and not yet sent; true when it went. */
export async function sendOverdueReminder(deps: OverdueDeps, userId: string, month: string): Promise<boolean> {
  const id = new mongoose.Types.ObjectId(userId);
  const doc = await Statement.findOne({ user: id, month }).lean<StatementDoc & { overdue_mailed_at?: Date | null; }>();
  if (!doc?.emailed_at || doc.overdue_mailed_at) return false;
  if (overdueAt(doc.emailed_at, deps.config.paymentTermsDays) > deps.clock.now()) return false;
  const [answer, user, bank] = await Promise.all([
    customerStatement(userId, month, deps.config.vatPercent),
    User.findById(id, { name: 1 }).lean(),
    bankDetails(),
  ]);
  if (!user || answer.owed_pence <= 0) return false;
  const label = formatMonth(month);
  await notify(deps, { type: 'customer', id: userId }, 'statements', {
    subject: LEDGER_MSG.overdueSubject(label),
    text: LEDGER_MSG.overdueBody(label, formatPence(answer.owed_pence), answer.reference, bankText(bank)),
    url: `/statements?month=${month}`,
  });
  // Mail first, then the mark (the job's key makes it once across instances).
  await Statement.updateOne({ _id: doc._id }, { $set: { overdue_mailed_at: deps.clock.now() } });
  return true;
}

/** GET /api/admin/statements?status=overdue: every month past its terms and still owing, oldest first. */
export async function overdueStatements(page: { page: number; limit: number; }, now: Date, config: Pick<Deps['config'], 'paymentTermsDays' | 'vatPercent'>) {
  const cutoff = new Date(now.getTime() - config.paymentTermsDays * DAY_MS);
  const docs = await Statement.find({ emailed_at: { $ne: null, $lte: cutoff } }, { user: 1, month: 1, emailed_at: 1, overdue_mailed_at: 1 }).sort({
    emailed_at: 1,
    _id: 1,
  }).limit(10_000).lean<(StatementDoc & { overdue_mailed_at?: Date | null; })[]>();
  const owing: { doc: (typeof docs)[number]; owed: number; total: number; reference: string; }[] = [];
  for (const d of docs) {
    const a = await customerStatement(String(d.user), d.month, config.vatPercent);
    if (a.owed_pence > 0) owing.push({ doc: d, owed: a.owed_pence, total: a.statement.total_pence, reference: a.reference });
  }
  const shown = owing.slice((page.page - 1) * page.limit, page.page * page.limit);
  const names = new Map((await User.find({ _id: { $in: shown.map((o) => o.doc.user) } }, { name: 1, email: 1 }).lean()).map((u) => [String(u._id), u]));
  return {
    rows: shown.map((o) => ({
      customer: { id: String(o.doc.user), name: names.get(String(o.doc.user))?.name ?? '', email: names.get(String(o.doc.user))?.email ?? '' },
      month: o.doc.month,
      reference: o.reference,
      total_pence: o.total,
      owed_pence: o.owed,
      emailed_at: o.doc.emailed_at!.toISOString(),
      due_at: overdueAt(o.doc.emailed_at!, config.paymentTermsDays).toISOString(),
      reminded_at: o.doc.overdue_mailed_at ? new Date(o.doc.overdue_mailed_at).toISOString() : null,
    })),
    total: owing.length,
  };
}
