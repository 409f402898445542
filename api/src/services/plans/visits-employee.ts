// The cleaner's side of visits: their list, hours per visit once its time has come, releasing a visit
// at least config.visitReleaseHours ahead (it becomes a cover job any cleaner may take), and taking a
// cover job. Each write is conditional on the state and version just read: of two at once, one wins.
import mongoose from 'mongoose';
import { VISIT_MSG } from '@shared/messages-api';
import type { WorkSubmissionInput } from '@shared/schemas/employee';
import type { VisitDto } from '@shared/schemas/visits';
import { Booking } from '../../models/Booking';
import { Visit, type VisitDoc } from '../../models/Visit';
import { bookingSheetRow, recordSheetChange, visitSheetRow } from '../../models/TimesheetTotal';
import { conflict, notFound } from '../../lib/errors';
import { staffVisitDtos, visitPage, windowOf } from './visits-view';
import { when } from './visit-mail';
import { londonDate, londonIso } from '@shared/visits';
import { withDoorstep } from '../homes/doorstep';
import { versionedCache } from '../../lib/versioned-cache';
import { travelSet } from '../pay/travel-fields';
import { settleChecklistForHours } from '../checklists/visit-checklist';
import type { PageInfo } from '@shared/schemas/paging';

const oid = (id: string) => new mongoose.Types.ObjectId(id);
type Paging = { page: number; limit: number; };

/**
 * A page of the cleaner's visits in a window of London dates, with where and for whom, the plan's
 * frequency and expected duration (to plan a day by), and until when each may be released (the
 * server's setting, so the portal never guesses it).
 */
export function listEmployeeVisits(employeeId: string, q: { from?: string; to?: string; } & Paging, now: Date, releaseHours: number) {
  const { start, end } = windowOf(q, now);
  // The day is in the key: the doorstep shows on the visit's day only.
  const today = londonDate(now);
  const key = JSON.stringify([employeeId, start.getTime(), end.getTime(), q.page, q.limit, releaseHours, today]);
  return cleanerWeeks.get(key, () => employeeVisitsPage(employeeId, { start, end }, q, releaseHours, today), { end, now });
}

/** A cleaner's page reads their visits, the plans' homes, the bookings' places, the customers and the checklists (versioned-cache.ts). */
const cleanerWeeks = versionedCache<{ visits: VisitDto[]; info: PageInfo; }>(['visits', 'plans', 'bookings', 'users', 'employees', 'homes', 'checklists'], 500);

async function employeeVisitsPage(employeeId: string, { start, end }: { start: Date; end: Date; }, q: Paging, releaseHours: number, today: string) {
  const { rows, info } = await visitPage({ employee: oid(employeeId), start: { $gte: start, $lt: end } }, q);
  // Every row is this cleaner's own visit: they read the customer's phone, and on the day the doorstep.
  const visits = await withDoorstep(await staffVisitDtos(rows, true), today);
  return { visits: visits.map((x) => ({ ...x, release_by: londonIso(new Date(Date.parse(x.start) - releaseHours * 3600_000)) })), info };
}

/** Cover jobs: visits a cleaner released (no cleaner, still ahead), soonest first. */
export async function coverVisits(q: Paging, now: Date) {
  const { rows, info } = await visitPage({ employee: null, state: 'scheduled', start: { $gt: now } }, q);
  return { visits: await staffVisitDtos(rows, true, 'cleaners'), info };
}

/** The cleaner's own visit, or 404 (someone else's is not revealed). */
async function ownVisit(employeeId: string, visitId: string): Promise<VisitDoc> {
  const v = await Visit.findOne({ _id: oid(visitId), employee: oid(employeeId) }).lean<VisitDoc>();
  if (!v) throw notFound(VISIT_MSG.visitNotFound);
  return v;
}

const oneDto = async (v: VisitDoc): Promise<VisitDto> => (await staffVisitDtos([v]))[0];

/**
 * Hours for one visit, once its time has come. The plan's first visit keeps its submission on the
 * booking (where the booking routes and timesheets read it): that write is conditional on the booking
 * having none yet, so this route and the booking's own submit-work cannot both record it.
 */
export async function submitVisitWork(employeeId: string, visitId: string, input: WorkSubmissionInput, now: Date): Promise<VisitDto> {
  const v = await ownVisit(employeeId, visitId);
  if (v.work_submitted || v.state === 'completed') throw conflict(VISIT_MSG.workAlreadySubmitted);
  if (v.state !== 'scheduled') throw conflict(VISIT_MSG.notScheduled);
  if (v.start.getTime() > now.getTime()) throw conflict(VISIT_MSG.workTooEarly(when(v.start)));
  await settleChecklistForHours(v);
  const work = {
    submitted_work_hours: input.work_hours,
    completion_notes: input.completion_notes ?? '',
    submitted_at: now,
    timesheet_status: 'submitted',
    ...travelSet(input),
  };
  if (v.on_booking) {
    const b = await Booking.findOneAndUpdate({ _id: v.plan, work_submitted: { $ne: true }, status: 'accepted' }, {
      $set: { ...work, status: 'completed', work_submitted: true },
    }, { returnDocument: 'after', projection: { accepted_by: 1, work_submitted: 1, submitted_at: 1, timesheet_status: 1, submitted_work_hours: 1 } }).lean();
    if (!b) throw conflict(VISIT_MSG.workAlreadySubmitted);
    await recordSheetChange(null, bookingSheetRow(b));
  }
  const updated = await Visit.findOneAndUpdate(
    { _id: v._id, employee: oid(employeeId), state: 'scheduled', version: v.version },
    { $set: { ...work, state: 'completed', work_submitted: true }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<VisitDoc>();
  if (!updated) throw conflict(VISIT_MSG.changedMeanwhile);
  await recordSheetChange(null, visitSheetRow(updated));
  return oneDto(updated);
}

/** The booking's own submit-work (a one-time clean, or a plan's first visit) marks that visit completed too. */
export async function markFirstVisitDone(bookingId: string, input: WorkSubmissionInput, now: Date): Promise<void> {
  await Visit.updateOne(
    { plan: oid(bookingId), on_booking: true, state: 'scheduled' },
    {
      $set: {
        state: 'completed',
        work_submitted: true,
        submitted_work_hours: input.work_hours,
        completion_notes: input.completion_notes ?? '',
        submitted_at: now,
        timesheet_status: 'submitted',
        ...travelSet(input),
      },
      $inc: { version: 1 },
    },
  );
}

/** The id of a plan's first visit (its work lives on the booking), or null. */
export async function firstVisitOf(bookingId: string): Promise<string | null> {
  const v = await Visit.findOne({ plan: oid(bookingId), on_booking: true }, { _id: 1 }).lean();
  return v ? String(v._id) : null;
}

/** Gives a visit up at least `hours` ahead: it becomes a cover job (no cleaner) on the Available list and the office's visits. */
export async function releaseVisit(employeeId: string, visitId: string, now: Date, hours: number): Promise<VisitDto> {
  const v = await ownVisit(employeeId, visitId);
  if (v.state !== 'scheduled') throw conflict(VISIT_MSG.notScheduled);
  if (v.start.getTime() - now.getTime() < hours * 3600_000) throw conflict(VISIT_MSG.releaseTooLate(hours));
  const updated = await Visit.findOneAndUpdate(
    { _id: v._id, employee: oid(employeeId), state: 'scheduled', version: v.version },
    { $set: { employee: null, released_from: oid(employeeId), exception: true }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<VisitDoc>();
  if (!updated) throw conflict(VISIT_MSG.changedMeanwhile);
  return oneDto(updated);
}

/** Takes a cover job: of two cleaners at once, one wins and the other gets 409. */
export async function takeCoverVisit(employeeId: string, visitId: string, now: Date): Promise<VisitDto> {
  const updated = await Visit.findOneAndUpdate(
    { _id: oid(visitId), employee: null, state: 'scheduled', start: { $gt: now } },
    { $set: { employee: oid(employeeId), exception: true }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<VisitDoc>();
  if (!updated) {
    if (!(await Visit.exists({ _id: oid(visitId) }))) throw notFound(VISIT_MSG.visitNotFound);
    throw conflict(VISIT_MSG.coverTaken);
  }
  return oneDto(updated);
}
