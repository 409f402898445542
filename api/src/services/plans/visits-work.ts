// A cleaner corrects the hours or notes of a visit they submitted (after an office query, or a typo):
// the same rule as a booking's submission (README "Timesheets"): approved hours are locked, a
// correction goes back for review, and the write is conditional on the review state just read, so an
// approval in between is never overwritten.
import mongoose from 'mongoose';
import { API_MSG, VISIT_MSG } from '@shared/messages-api';
import type { VisitDto } from '@shared/schemas/visits';
import { conflict, notFound } from '../../lib/errors';
import { Visit, type VisitDoc } from '../../models/Visit';
import { recordSheetChange, visitSheetRow } from '../../models/TimesheetTotal';
import { updateSubmission } from '../bookings/bookings-employee-work';
import { staffVisitDtos } from './visits-view';
import { travelSet } from '../pay/travel-fields';

const oid = (id: string) => new mongoose.Types.ObjectId(id);

export async function correctVisitWork(
  employeeId: string,
  visitId: string,
  input: { work_hours?: number; completion_notes?: string; travel_minutes?: number; travel_note?: string; },
  now: Date,
): Promise<VisitDto> {
  const v = await Visit.findOne({ _id: oid(visitId), employee: oid(employeeId) }).lean<VisitDoc>();
  if (!v) throw notFound(VISIT_MSG.visitNotFound);
  if (!v.work_submitted) throw conflict(VISIT_MSG.noWorkYet);
  if (v.timesheet_status === 'approved') throw conflict(API_MSG.submissionApprovedLocked);
  const set: Record<string, unknown> = { timesheet_status: 'submitted', ...travelSet(input) };
  if (input.work_hours !== undefined) set.submitted_work_hours = input.work_hours;
  if (input.completion_notes !== undefined) set.completion_notes = input.completion_notes;
  if (v.timesheet_status === 'queried') set['timesheet_query.answered_at'] = now;
  // The plan's first visit: its submission (and review) lives on the booking; the visit mirrors it.
  if (v.on_booking) await updateSubmission(employeeId, String(v.plan), input, now);
  const updated = await Visit.findOneAndUpdate(
    // Also on the hours just read, so the timesheets' totals move by exactly this change.
    {
      _id: v._id,
      employee: oid(employeeId),
      work_submitted: true,
      timesheet_status: v.timesheet_status ?? null,
      submitted_work_hours: v.submitted_work_hours ?? null,
    },
    { $set: set, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<VisitDoc>();
  if (!updated) throw conflict(API_MSG.submissionApprovedLocked);
  await recordSheetChange(visitSheetRow(v), visitSheetRow(updated));
  return (await staffVisitDtos([updated]))[0];
}
