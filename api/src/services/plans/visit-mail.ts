// The cleaner hears of every change that touches their visits (skip, move, pause, resume, end, a new
// regular time, the office's moves). Like booking-mail.ts: sending never fails the change; failures are logged.
import type mongoose from 'mongoose';
import { VISIT_MSG } from '@shared/messages-api';
import { formatWhen } from '@shared/when';
import type { Deps } from '../../deps';
import { Employee } from '../../models/Employee';
import { notify } from '../../notify/notify';

type MailDeps = Pick<Deps, 'mailer' | 'log' | 'config' | 'push'>;

/** What changed, for whom: the cleaners (ids) whose visits it touches. */
export interface VisitChange {
  reference: string;
  employees: Array<string | mongoose.Types.ObjectId | null | undefined>;
  what: string;
  /** The plan the change touched: its customer reminders are brought in step after it. */
  plan?: string;
  /** Late-change charges the customer accepted with it (pence, total). */
  charge_pence?: number;
}

/** `Tue 30 Mar, 09:00` */
export const when = (d: Date | number) => formatWhen(d, typeof d === 'number' ? d : d.getTime());

export async function mailCleaners(deps: MailDeps, change: VisitChange | null): Promise<void> {
  if (!change) return;
  const ids = [...new Set(change.employees.filter(Boolean).map(String))];
  if (!ids.length) return;
  try {
    const people = await Employee.find({ _id: { $in: ids } }, { email: 1, name: 1 }).lean();
    // Through notify (kind 'changes'): e-mail and push by the cleaner's choices, once per change.
    await Promise.all(
      people.map((p) =>
        notify(deps, { type: 'employee', id: String(p._id) }, 'changes', { subject: VISIT_MSG.mailSubject(change.reference), text: VISIT_MSG.mailText(p.name.split(' ')[0], change.reference, change.what), url: '/employee' }).catch(
          (err: unknown) => deps.log.error({ err, employee: String(p._id) }, 'visit change mail could not be sent'),
        ),
      ),
    );
  } catch (err) {
    deps.log.error({ err }, 'visit change mail could not be sent');
  }
}
