// One visit per plan and day (README "Plans and visits"): a move onto a day the plan already has a
// scheduled or done visit is refused. The check answers the usual case with a clear 409; the unique
// partial index on (plan, day) makes two moves at once onto one free day end the same way.
import { VISIT_MSG } from '@shared/messages-api';
import { conflict } from '../../lib/errors';
import { isDuplicateKey } from '../../models/duplicate-key';
import { Visit, type VisitDoc } from '../../models/Visit';

export async function assertFreeDay(v: Pick<VisitDoc, 'plan'> & { _id: unknown; }, day: string): Promise<void> {
  if (await Visit.exists({ plan: v.plan, day, _id: { $ne: v._id }, state: { $in: ['scheduled', 'completed'] } })) throw conflict(VISIT_MSG.moveSameDay);
}

/** Runs the write that moves a visit; losing the race for the day is the same 409 as the check. */
export async function onFreeDay<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(VISIT_MSG.moveSameDay);
    throw err;
  }
}
