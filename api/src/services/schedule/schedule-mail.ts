// Mails of the schedule: the cleaner hears the office's decision on their time off; the customer hears
// who comes instead once a needs-cover visit has a cleaner (told once: the flag is cleared by the same
// conditional write that decides to send), and that a holiday moved or skipped their visit.
// Like visit-mail.ts: sending never fails the change; failures are logged.
import mongoose from 'mongoose';
import { SCHEDULE_MSG } from '@shared/messages-schedule';
import { formatDay } from '@shared/when';
import type { Deps } from '../../deps';
import { Booking } from '../../models/Booking';
import { Employee } from '../../models/Employee';
import { User } from '../../models/User';
import { Visit } from '../../models/Visit';
import { when } from '../plans/visit-mail';

type MailDeps = Pick<Deps, 'mailer' | 'log'>;
const first = (name: string | undefined) => (name ?? '').split(' ')[0];
const day = (date: string) => formatDay(`${date}T12:00:00Z`, Date.parse(`${date}T12:00:00Z`));

async function safely(deps: MailDeps, what: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (err) {
    deps.log.error({ err }, `${what} mail could not be sent`);
  }
}

export function mailTimeOffDecision(deps: MailDeps, m: { employee: string; from: string; to: string; approved: boolean }): Promise<void> {
  return safely(deps, 'time off', async () => {
    const e = await Employee.findById(m.employee, { email: 1, name: 1 }).lean();
    if (e) await deps.mailer.send({ to: e.email, subject: SCHEDULE_MSG.timeOffMailSubject(m.approved), text: SCHEDULE_MSG.timeOffMailText(first(e.name), day(m.from), day(m.to), m.approved) });
  });
}

async function customerOf(planId: unknown) {
  const b = await Booking.findById(planId, { user: 1, reference: 1 }).lean();
  const u = b ? await User.findById(b.user, { email: 1, name: 1 }).lean() : null;
  return b && u ? { email: u.email, name: first(u.name), reference: b.reference ?? '' } : null;
}

/** Tells the customers of these plans' covered visits (needs cover, now with a cleaner) who comes instead. */
export function tellCovered(deps: MailDeps, planIds: string[]): Promise<void> {
  return safely(deps, 'cover', async () => {
    const ids = planIds.filter((id) => mongoose.isValidObjectId(id)).map((id) => new mongoose.Types.ObjectId(id));
    const covered = await Visit.find({ plan: { $in: ids }, needs_cover: true, employee: { $ne: null } }, { plan: 1, employee: 1, start: 1 }).limit(200).lean();
    for (const v of covered) {
      const told = await Visit.updateOne({ _id: v._id, needs_cover: true, employee: v.employee }, { $unset: { needs_cover: 1 } });
      if (!told.modifiedCount) continue;
      const [c, cleaner] = await Promise.all([customerOf(v.plan), Employee.findById(v.employee, { name: 1 }).lean()]);
      if (c && cleaner) await deps.mailer.send({ to: c.email, subject: SCHEDULE_MSG.coverMailSubject(c.reference), text: SCHEDULE_MSG.coverMailText(c.name, when(v.start), first(cleaner.name)) });
    }
  });
}

/** A holiday moved (`after`) or skipped (`after` null) a visit. */
export function mailHolidayChange(deps: MailDeps, planId: unknown, before: Date, after: Date | null): Promise<void> {
  return safely(deps, 'holiday', async () => {
    const c = await customerOf(planId);
    if (!c) return;
    const text = after ? SCHEDULE_MSG.holidayMovedMailText(c.name, when(before), when(after)) : SCHEDULE_MSG.holidaySkippedMailText(c.name, when(before));
    await deps.mailer.send({ to: c.email, subject: SCHEDULE_MSG.holidayMailSubject(c.reference), text });
  });
}
