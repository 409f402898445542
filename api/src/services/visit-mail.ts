// The cleaner hears of every change that touches their visits (skip, move, pause, resume, end, a new
// regular time, the office's moves). Like booking-mail.ts: sending never fails the change; failures are logged.
import type mongoose from 'mongoose';
import { VISIT_MSG } from '@shared/messages-api';
import { formatWhen } from '@shared/when';
import type { Deps } from '../deps';
import { Employee } from '../models/Employee';

type MailDeps = Pick<Deps, 'mailer' | 'log'>;

/** What changed, for whom: the cleaners (ids) whose visits it touches. */
export interface VisitChange {
  reference: string;
  employees: Array<string | mongoose.Types.ObjectId | null | undefined>;
  what: string;
}

/** `Tue 30 Mar, 09:00` */
export const when = (d: Date | number) => formatWhen(d, typeof d === 'number' ? d : d.getTime());

export async function mailCleaners(deps: MailDeps, change: VisitChange | null): Promise<void> {
  if (!change) return;
  const ids = [...new Set(change.employees.filter(Boolean).map(String))];
  if (!ids.length) return;
  try {
    const people = await Employee.find({ _id: { $in: ids } }, { email: 1, name: 1 }).lean();
    await Promise.all(
      people.map((p) =>
        deps.mailer
          .send({ to: p.email, subject: VISIT_MSG.mailSubject(change.reference), text: VISIT_MSG.mailText(p.name.split(' ')[0], change.reference, change.what) })
          .catch((err: unknown) => deps.log.error({ err, employee: String(p._id) }, 'visit change mail could not be sent')),
      ),
    );
  } catch (err) {
    deps.log.error({ err }, 'visit change mail could not be sent');
  }
}
