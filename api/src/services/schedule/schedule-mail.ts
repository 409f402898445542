// What the schedule tells: the cleaner hears the office's decision on their time off, the office hears
// a request; the customer hears who comes instead once a needs-cover visit has a cleaner (told once:
// the flag is cleared by the same conditional write that decides to tell), and a bank holiday's move or
// skip is a change like any other (plans/changes.ts: the customer and the cleaner told).
// Everything goes through notify by the person's preferences; planning never fails the change (logged).
import mongoose from 'mongoose';
import { CHANGES_MSG } from '@shared/messages-changes';
import { SCHEDULE_MSG } from '@shared/messages-schedule';
import { VISIT_MSG } from '@shared/messages-api';
import { formatDay } from '@shared/when';
import { Booking } from '../../models/Booking';
import { Employee } from '../../models/Employee';
import { User } from '../../models/User';
import { Visit } from '../../models/Visit';
import { tellChange, tellEach } from '../plans/changes';
import type { ChangeDeps } from '../plans/telling';
import { when } from '../plans/visit-mail';
import type { HolidayChange } from './holidays';

const first = (name: string | undefined) => (name ?? '').split(' ')[0];
const day = (date: string) => formatDay(`${date}T12:00:00Z`, Date.parse(`${date}T12:00:00Z`));

async function safely(deps: ChangeDeps, what: string, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (err) {
    deps.log.error({ err }, `${what} notice could not be planned`);
  }
}

/** The cleaner hears the office's decision (once per request and decision). */
export function mailTimeOffDecision(deps: ChangeDeps, m: { id?: string; employee: string; from: string; to: string; approved: boolean; }): Promise<void> {
  return safely(deps, 'time off', async () => {
    const e = await Employee.findById(m.employee, { name: 1 }).lean();
    if (!e) return;
    const key = `time-off:${m.id ?? String(new mongoose.Types.ObjectId())}:${m.approved ? 'approved' : 'declined'}`;
    await tellEach(deps, key, [
      {
        who: `employee:${m.employee}`,
        to: { type: 'employee', id: m.employee },
        kind: 'changes',
        message: {
          subject: SCHEDULE_MSG.timeOffMailSubject(m.approved),
          text: SCHEDULE_MSG.timeOffMailText(first(e.name), day(m.from), day(m.to), m.approved),
          url: '/employee/time-off',
        },
      },
    ]);
  });
}

/** The office hears of a cleaner's time-off request, to decide it. */
export function tellTimeOffRequest(deps: ChangeDeps, r: { id: string; employee: string; from: string; to: string; note?: string; }): Promise<void> {
  return safely(deps, 'time off request', async () => {
    const e = await Employee.findById(r.employee, { name: 1 }).lean();
    if (!e) return;
    await tellEach(deps, `time-off:${r.id}:requested`, [{
      who: 'office',
      to: { type: 'office' },
      kind: 'transactional',
      message: {
        subject: CHANGES_MSG.officeTimeOffSubject(e.name),
        text: CHANGES_MSG.officeTimeOffText(e.name, day(r.from), day(r.to), r.note ?? ''),
        url: '/office/schedule',
      },
    }]);
  });
}

/** Tells the customers of these plans' covered visits (needs cover, now with a cleaner) who comes instead. */
export function tellCovered(deps: ChangeDeps, planIds: string[]): Promise<void> {
  return safely(deps, 'cover', async () => {
    const ids = planIds.filter((id) => mongoose.isValidObjectId(id)).map((id) => new mongoose.Types.ObjectId(id));
    const covered = await Visit.find({ plan: { $in: ids }, needs_cover: true, employee: { $ne: null } }, { plan: 1, employee: 1, start: 1, user: 1 }).limit(200)
      .lean();
    for (const v of covered) {
      const told = await Visit.updateOne({ _id: v._id, needs_cover: true, employee: v.employee }, { $unset: { needs_cover: 1 } });
      if (!told.modifiedCount) continue;
      const [b, cleaner] = await Promise.all([Booking.findById(v.plan, { reference: 1 }).lean(), Employee.findById(v.employee, { name: 1 }).lean()]);
      const u = await User.findById(v.user, { name: 1 }).lean();
      if (!b || !cleaner || !u) continue;
      const id = String(v.user);
      await tellEach(deps, `covered:${String(v._id)}:${String(v.employee)}`, [
        {
          who: `customer:${id}`,
          to: { type: 'customer', id },
          kind: 'changes',
          message: {
            subject: SCHEDULE_MSG.coverMailSubject(b.reference ?? ''),
            text: SCHEDULE_MSG.coverMailText(first(u.name), when(v.start), first(cleaner.name)),
            url: '/orders',
          },
        },
      ]);
    }
  });
}

/** A holiday moved (`after`) or skipped (`after` null) a visit: its customer and its cleaner are told. */
export function mailHolidayChange(deps: ChangeDeps, c: HolidayChange, after: Date | null): Promise<void> {
  const [before, moved] = [when(c.before), after ? when(after) : ''];
  return tellChange(deps, {
    key: `visit:${c.visit}:v${c.version}`,
    reference: c.reference,
    plan: String(c.plan),
    employees: [c.employee as string | null],
    what: after ? VISIT_MSG.mailMoved(before, moved) : CHANGES_MSG.cleanerHolidaySkipped(before),
    toCustomer: after ? CHANGES_MSG.customerHolidayMoved(before, moved) : CHANGES_MSG.customerHolidaySkipped(before),
    notOpen: [{ visit: c.visit, covered: false }],
  });
}
