// The answers of the checklist routes: the visit as each reader sees it after the change, and the
// office's look at one visit's checklist (the schedule's dialog reads it when opened).
import mongoose from 'mongoose';
import type { ChecklistPatch } from '@shared/schemas/checklists';
import type { VisitDto } from '@shared/schemas/visits';
import { VISIT_MSG } from '@shared/messages-api';
import { Visit, type VisitDoc } from '../../models/Visit';
import { notFound } from '../../lib/errors';
import { firstNames, staffVisitDtos, visitDto } from '../plans/visits-view';
import { checklistsOf, tickChecklist, withChecklists } from './visit-checklist';
import { setVisitRequests } from './visit-requests';

/** PATCH /api/employee/visits/{id}/checklist: the visit as the cleaner's list shows it. */
export async function tickAndShow(employeeId: string, visitId: string, patch: ChecklistPatch): Promise<VisitDto> {
  return (await staffVisitDtos([await tickChecklist(employeeId, visitId, patch)]))[0];
}

/** PUT /api/user/visits/{id}/requests: the visit as the customer's list shows it. */
export async function requestAndShow(userId: string, visitId: string, text: string, r: { now: Date; cutoff: string; }): Promise<VisitDto> {
  const v = await setVisitRequests(userId, visitId, text, r);
  return (await withChecklists([v], [visitDto(v, await firstNames([v.employee]))]))[0];
}

/** GET /api/admin/visits/{id}/checklist. */
export async function officeVisitChecklist(visitId: string) {
  const v = await Visit.findById(new mongoose.Types.ObjectId(visitId), { plan: 1, state: 1, checklist: 1, requests: 1 }).lean<VisitDoc>();
  if (!v) throw notFound(VISIT_MSG.visitNotFound);
  return (await checklistsOf([v])).get(String(v._id))!;
}
