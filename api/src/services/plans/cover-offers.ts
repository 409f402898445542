// Cover offers withdrawn: a cleaner who was offered a visit that needed cover (a cover notice sent, one
// visit or a batch of a deactivated cleaner's visits) is told once it is no longer open — covered by
// someone else, cancelled, skipped or moved away — so nobody goes to a visit that is not theirs.
// Offers not yet sent are cancelled instead.
import mongoose from 'mongoose';
import { CHANGES_MSG } from '@shared/messages-changes';
import { Employee } from '../../models/Employee';
import { Job } from '../../models/Job';
import { Visit } from '../../models/Visit';
import { COVER_NOTICE } from '../../jobs/visit-notices';
import { RELEASED_CLEANER } from '../../jobs/cover-notices';
import type { ChangeDeps, Telling } from './telling';
import { when } from './visit-mail';

const first = (name?: string | null) => (name ?? '').trim().split(/\s+/)[0] ?? '';

/** The withdrawals of the offers of these visits (each cleaner told once per visit and offer), offers still waiting cancelled. */
export async function withdrawnOffers(deps: Pick<ChangeDeps, 'jobs'>, visits: Array<{ visit: string; covered: boolean; }>): Promise<Telling[]> {
  const out: Telling[] = [];
  for (const { visit, covered } of visits) {
    if (!mongoose.isValidObjectId(visit)) continue;
    const v = await Visit.findById(visit, { start: 1, employee: 1 }).lean();
    if (!v) continue;
    const offers = await Job.find({ $or: [{ kind: COVER_NOTICE, 'payload.visitId': visit }, { kind: RELEASED_CLEANER, 'payload.visitIds': visit }] }, {
      key: 1,
      state: 1,
      payload: 1,
    }).limit(1000).lean();
    for (const j of offers) if (j.state === 'pending') await deps.jobs.cancel(j.key);
    const taker = v.employee ? String(v.employee) : '';
    // Each cleaner's latest offer sent: the withdrawal is keyed by it, so one offer is withdrawn once.
    const offerOf = new Map<string, string>();
    for (const j of offers) if (j.state === 'done') offerOf.set(String((j.payload as { employeeId?: string; }).employeeId), j.key);
    offerOf.delete(taker);
    const ids = [...offerOf.keys()].filter((id) => mongoose.isValidObjectId(id));
    if (!ids.length) continue;
    const people = await Employee.find({ _id: { $in: ids } }, { name: 1 }).lean();
    const at = when(v.start);
    for (const p of people) {
      const id = String(p._id);
      out.push({
        key: `tell:withdrawn:${visit}:${offerOf.get(id)}`,
        who: `employee:${id}`,
        to: { type: 'employee', id },
        kind: 'changes',
        message: { subject: CHANGES_MSG.coverWithdrawnSubject(at), text: CHANGES_MSG.coverWithdrawnText(first(p.name), at, covered), url: '/employee' },
      });
    }
  }
  return out;
}
