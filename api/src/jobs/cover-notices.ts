// A cleaner deactivated by the office, for the visits it leaves without a cleaner:
// their scheduled visits ahead need cover. Each customer concerned is told once, with all of their visits
// in one notice, and each other active cleaner is offered them once, all in one notice — never one mail per
// visit. One job per person (`cover-released:{cleaner}:{at}:{person}`), sent through notify; every handler
// reads the visits again, so a visit covered or changed meanwhile is left out (and nothing sent if none is).
import mongoose from 'mongoose';
import { COVER_MSG } from '@shared/messages-cover';
import { formatPostcode } from '@shared/postcode';
import type { Deps } from '../deps';
import { Booking } from '../models/Booking';
import { Employee } from '../models/Employee';
import { User } from '../models/User';
import { Visit, type VisitDoc } from '../models/Visit';
import { notify } from '../notify/notify';
import { when } from '../services/plans/visit-mail';
import { releaseVisitsOfCleaner } from '../services/plans/visits-board';

type CoverDeps = Pick<Deps, 'jobs' | 'config' | 'mailer' | 'push' | 'log' | 'clock'>;
export const RELEASED_CUSTOMER = 'cover-released-customer';
export const RELEASED_CLEANER = 'cover-released-cleaner';
/** Other cleaners offered the jobs at most (as announceCover). */
const CLEANERS_MAX = 500;
const first = (name?: string | null) => (name ?? '').trim().split(/\s+/)[0] ?? '';
const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** The visits of `ids` still waiting for a cleaner, in time order. */
const stillOpen = (ids: unknown, now: Date) =>
  Visit.find({
    _id: { $in: (Array.isArray(ids) ? ids : []).map(String).filter((id) => mongoose.isValidObjectId(id)).map(oid) },
    employee: null,
    state: 'scheduled',
    start: { $gt: now },
  }, { plan: 1, start: 1 })
    .sort({ start: 1 })
    .lean<Pick<VisitDoc, '_id' | 'plan' | 'start'>[]>();

export function defineCoverNotices(deps: CoverDeps): void {
  deps.jobs.define(RELEASED_CUSTOMER, async (p) => {
    const open = await stillOpen(p.visitIds, deps.clock.now());
    const u = open.length ? await User.findById(String(p.customerId), { name: 1 }).lean() : null;
    if (!u) return;
    await notify(deps, { type: 'customer', id: String(p.customerId) }, 'changes', {
      subject: COVER_MSG.coverCustomerSubject(open.length),
      text: COVER_MSG.coverCustomerText(first(u.name), open.map((v) => when(v.start))),
      url: '/orders',
    });
  });
  deps.jobs.define(RELEASED_CLEANER, async (p) => {
    const open = await stillOpen(p.visitIds, deps.clock.now());
    const e = open.length ? await Employee.findById(String(p.employeeId), { name: 1 }).lean() : null;
    if (!e) return;
    // Where, not whose: the postcode only, as the single cover offer says it.
    const places = new Map(
      (await Booking.find({ _id: { $in: open.map((v) => v.plan) } }, { postcode: 1 }).lean()).map((
        b,
      ) => [String(b._id), b.postcode ? formatPostcode(b.postcode) : '']),
    );
    const jobs = open.map((v) => [when(v.start), places.get(String(v.plan))].filter(Boolean).join(', '));
    await notify(deps, { type: 'employee', id: String(p.employeeId) }, 'changes', {
      subject: COVER_MSG.coverCleanersSubject(jobs.length),
      text: COVER_MSG.coverCleanersText(first(e.name), jobs),
      url: '/employee',
    });
  });
}

/**
 * The deactivated cleaner's scheduled visits ahead lose their cleaner (visits-board) and need cover; the
 * customers and the other cleaners are told by the jobs above. Planning failures are logged, never fail
 * the deactivation. How many visits now need cover.
 */
export async function releaseAndAnnounce(deps: CoverDeps, employeeId: string): Promise<number> {
  const now = deps.clock.now();
  const ahead = await Visit.find({ employee: oid(employeeId), state: 'scheduled', start: { $gt: now } }, { _id: 1, user: 1 }).lean<
    Pick<VisitDoc, '_id' | 'user'>[]
  >();
  await releaseVisitsOfCleaner(employeeId, now);
  if (!ahead.length) return 0;
  const ids = ahead.map((v) => v._id);
  // Flagged like time off's: the Unassigned lane shows them first, and whoever takes one tells its customer who comes.
  await Visit.updateMany({ _id: { $in: ids }, employee: null, state: 'scheduled' }, { $set: { needs_cover: true } });
  try {
    const at = now.getTime();
    const byCustomer = new Map<string, string[]>();
    for (const v of ahead) byCustomer.set(String(v.user), [...(byCustomer.get(String(v.user)) ?? []), String(v._id)]);
    for (const [customerId, visitIds] of byCustomer) {
      await deps.jobs.schedule({
        key: `cover-released:${employeeId}:${at}:customer:${customerId}`,
        kind: RELEASED_CUSTOMER,
        runAt: now,
        payload: { customerId, visitIds },
      });
    }
    const visitIds = ids.map(String);
    const cleaners = await Employee.find({ is_active: true, _id: { $ne: oid(employeeId) } }, { _id: 1 }).limit(CLEANERS_MAX).lean();
    for (const c of cleaners) {
      await deps.jobs.schedule({
        key: `cover-released:${employeeId}:${at}:employee:${String(c._id)}`,
        kind: RELEASED_CLEANER,
        runAt: now,
        payload: { employeeId: String(c._id), visitIds },
      });
    }
  } catch (err) {
    deps.log.error({ err, employeeId }, 'cover notices of a deactivation could not be planned');
  }
  return ids.length;
}
