// The one place a change of plan or visits tells the people it affects, and moves the plan's reminder
// jobs (shared/README.md "Who is told of what"). Services that change a plan or visits describe the
// change (visit-mail.ts VisitChange) and call tellChange; routes send nothing.
// - the cleaners whose visits it touches: what changed (the customer's skip, move, pause, end, a new
//   regular time; the office's move or cancellation; a bank holiday; a 14-day cancellation; a closed account);
// - another cleaner: the one who lost the visit "no longer yours", the one who got it "now yours" with
//   the address — two mails, each true for its reader;
// - the customer, for every change the office or a holiday made, in the office's words;
// - the office, for what it must act on (14-day cancellations, closed accounts);
// - cleaners offered a cover job that is no longer open: the offer withdrawn.
// Each message is keyed by the change and the person (tellEach): told once, even with two instances on
// one database, and retried by the job runner when a mail fails. Telling never fails the change: logged.
import mongoose from 'mongoose';
import { VISIT_MSG } from '@shared/messages-api';
import { CHANGES_MSG } from '@shared/messages-changes';
import { Booking } from '../../models/Booking';
import { Employee } from '../../models/Employee';
import { Plan } from '../../models/Plan';
import { User } from '../../models/User';
import { TELL } from '../../jobs/tell';
import type { ChangeDeps, Telling } from './telling';
import { isDuplicateKey } from '../../models/duplicate-key';
import { Told } from '../../models/Told';
import { notify } from '../../notify/notify';
import { syncRemindersQuietly, visitFinished } from '../../jobs/visit-notices';
import { withdrawnOffers } from './cover-offers';
import { when, type VisitChange } from './visit-mail';
import { placeOf } from './place';
import { bookingWithState } from './plan-summaries';
import type { Reader } from '@shared/states';

const first = (name?: string | null) => (name ?? '').trim().split(/\s+/)[0] ?? '';
const idsOf = (list: Array<unknown>) => [...new Set(list.filter(Boolean).map(String))];

/**
 * Tells each message once per change and person: the first to write its key (models/Told.ts) sends it,
 * now and in the background; a send that fails becomes a job (jobs/tell.ts) the runner retries.
 */
export async function tellEach(deps: ChangeDeps, changeKey: string, tellings: Telling[]): Promise<void> {
  const now = deps.clock.now();
  for (const { who, key: own, ...payload } of tellings) {
    const key = own ?? `tell:${changeKey}:${who}`;
    try {
      await Told.create({ _id: key, at: now });
    } catch (err) {
      if (isDuplicateKey(err)) continue;
      throw err;
    }
    void notify(deps, payload.to, payload.kind, payload.message).catch(async (err: unknown) => {
      deps.log.warn({ err, key }, 'a notice could not be sent now: retried by the job runner');
      await deps.jobs.schedule({ key, kind: TELL, runAt: deps.clock.now(), payload: payload as unknown as Record<string, unknown> }).catch((e: unknown) =>
        deps.log.error({ err: e, key }, 'a notice could not be planned')
      );
    });
  }
}

/** Tells everyone the change affects (once each), then brings the plan's reminders in step with its visits. */
export async function tellChange(deps: ChangeDeps, change: VisitChange | null): Promise<void> {
  if (!change) return;
  try {
    const key = change.key ?? String(new mongoose.Types.ObjectId());
    // Each mail ends with the plan's state after the change, in its reader's words (as the booking mails do);
    // read only for a reader who is told.
    const stateFor = async (reader: Reader) =>
      change.plan && mongoose.isValidObjectId(change.plan) ? (await bookingWithState(change.plan, reader, deps.clock.now()))?.state : undefined;
    await tellEach(deps, key, [
      ...(await cleanersTold(change, stateFor)),
      ...(await customerTold(change, stateFor)),
      ...officeTold(change),
      ...(await withdrawnOffers(deps, change.notOpen ?? [])),
      ...(change.told ?? []),
    ]);
  } catch (err) {
    deps.log.error({ err, reference: change.reference }, 'a change could not be told');
  }
  if (!change.remindersPlanned) await syncRemindersQuietly(deps, change.plan);
}

/** A visit's work submitted: its customer told now and asked to rate it in an hour (not awaited: logs its own failures). */
export function tellFinished(deps: ChangeDeps, visitId: string): void {
  void visitFinished(deps, visitId);
}

async function cleanersTold(change: VisitChange, stateFor: (reader: Reader) => Promise<string | undefined>): Promise<Telling[]> {
  const r = change.reassigned;
  const moved = new Set(r ? idsOf([r.from, r.to]) : []);
  const ids = idsOf(change.employees).filter((id) => !moved.has(id));
  // A change that names no cleaner (an accept tells only its customer) asks nothing.
  const people = ids.length || moved.size ? await Employee.find({ _id: { $in: [...ids, ...moved] } }, { name: 1 }).lean() : [];
  const nameOf = new Map(people.map((p) => [String(p._id), first(p.name)]));
  const state = ids.some((id) => nameOf.has(id)) ? await stateFor('staff') : undefined;
  const out: Telling[] = ids
    .filter((id) => nameOf.has(id))
    .map((id) => ({
      who: `employee:${id}`,
      to: { type: 'employee', id },
      kind: 'changes',
      message: {
        subject: VISIT_MSG.mailSubject(change.reference),
        text: VISIT_MSG.mailText(nameOf.get(id)!, change.reference, change.what, state),
        url: '/employee',
      },
    }));
  if (!r) return out;
  const at = when(r.start);
  const from = r.from ? String(r.from) : '';
  if (from && from !== String(r.to) && nameOf.has(from)) {
    out.push({
      who: `employee:${from}:lost`,
      to: { type: 'employee', id: from },
      kind: 'changes',
      message: { subject: CHANGES_MSG.lostSubject(at), text: CHANGES_MSG.lostText(nameOf.get(from)!, at, change.reference, r.following), url: '/employee' },
    });
  }
  const to = String(r.to);
  if (from !== to && nameOf.has(to)) {
    const place = await placeOf(change.plan);
    out.push({
      who: `employee:${to}:gained`,
      to: { type: 'employee', id: to },
      kind: 'changes',
      message: {
        subject: CHANGES_MSG.gainedSubject(at),
        text: CHANGES_MSG.gainedText(nameOf.get(to)!, at, change.reference, place, r.following),
        url: '/employee',
      },
    });
  }
  return out;
}

async function customerTold(change: VisitChange, stateFor: (reader: Reader) => Promise<string | undefined>): Promise<Telling[]> {
  if (!change.toCustomer || !change.plan || !mongoose.isValidObjectId(change.plan)) return [];
  const plan = (await Plan.findById(change.plan, { user: 1 }).lean()) ?? (await Booking.findById(change.plan, { user: 1 }).lean());
  const u = plan ? await User.findById(plan.user, { name: 1 }).lean() : null;
  if (!u) return [];
  const id = String(u._id);
  const state = await stateFor('customer');
  return [{
    who: `customer:${id}`,
    to: { type: 'customer', id },
    kind: 'changes',
    message: {
      subject: CHANGES_MSG.customerSubject(change.reference),
      text: CHANGES_MSG.customerText(first(u.name), change.toCustomer, state),
      url: '/orders',
    },
  }];
}

function officeTold(change: VisitChange): Telling[] {
  return change.toOffice ? [{ who: 'office', to: { type: 'office' }, kind: 'transactional', message: change.toOffice }] : [];
}
