// A visit's checklist (shared/README.md "Checklists"): its own copy once the cleaner has ticked (or
// submitted hours), else its cleaning type's template while it is still scheduled; a finished visit
// with no copy had no checklist. The customer's requests go with it.
import mongoose from 'mongoose';
import { checklistTypeOf, openTasks, type ChecklistItem } from '@shared/checklists';
import { CHECKLIST_MSG } from '@shared/messages-checklists';
import { VISIT_MSG } from '@shared/messages-api';
import type { ChecklistPatch } from '@shared/schemas/checklists';
import { Booking } from '../../models/Booking';
import { Visit, type VisitDoc } from '../../models/Visit';
import { conflict, notFound } from '../../lib/errors';
import { templatesInUse, type TemplateTask } from './templates';

const oid = (id: string) => new mongoose.Types.ObjectId(id);
type Row = Pick<VisitDoc, '_id' | 'plan' | 'state' | 'checklist' | 'requests'>;

const fresh = (tasks: readonly TemplateTask[]): ChecklistItem[] => tasks.map((t) => ({ ...t, done: false, note: '' }));
const own = (v: Row): ChecklistItem[] | null =>
  v.checklist ? v.checklist.map((i) => ({ id: i.id, room: i.room, task: i.task, done: Boolean(i.done), note: i.note ?? '' })) : null;

/** The cleaning types of these visits' plans (a plan's _id is its booking's), in one query. */
async function typesOf(rows: readonly Row[]): Promise<Map<string, string>> {
  const plans = [...new Set(rows.filter((v) => !v.checklist && v.state === 'scheduled').map((v) => String(v.plan)))];
  if (!plans.length) return new Map();
  const bookings = await Booking.find({ _id: { $in: plans } }, { cleaningType: 1 }).lean();
  return new Map(bookings.map((b) => [String(b._id), checklistTypeOf(b.cleaningType)]));
}

/** Each visit's checklist and requests, by visit id (two small reads per page at most). */
export async function checklistsOf(rows: readonly Row[]): Promise<Map<string, { checklist: ChecklistItem[]; requests: string; }>> {
  const [types, templates] = await Promise.all([typesOf(rows), rows.some((v) => !v.checklist) ? templatesInUse() : new Map<string, TemplateTask[]>()]);
  return new Map(rows.map((v) => {
    const followed = v.state === 'scheduled' ? templates.get(types.get(String(v.plan)) ?? '') : undefined;
    return [String(v._id), { checklist: own(v) ?? fresh(followed ?? []), requests: v.requests ?? '' }];
  }));
}

/** `dtos[i]` is `rows[i]`'s answer: each gets its checklist and requests. */
export async function withChecklists<T extends { id: string; }>(rows: readonly Row[], dtos: T[]): Promise<T[]> {
  const lists = await checklistsOf(rows);
  return dtos.map((d) => ({ ...d, ...lists.get(d.id) }));
}

async function currentItems(v: VisitDoc): Promise<ChecklistItem[]> {
  return (await checklistsOf([v])).get(String(v._id))?.checklist ?? [];
}

/**
 * The cleaner's ticks and reasons. Setting a task's state is the same however often it arrives (the
 * outbox replays it; the Idempotency-Key answers a repeat with the first answer too). Each write is on
 * the copy just read (`checklist_rev`), retried on a tick from another tab meanwhile. 404 for a visit
 * not theirs; 409 for a finished visit or a task the visit does not have (nothing is changed).
 */
export async function tickChecklist(employeeId: string, visitId: string, patch: ChecklistPatch): Promise<VisitDoc> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const v = await Visit.findOne({ _id: oid(visitId), employee: oid(employeeId) }).lean<VisitDoc>();
    if (!v) throw notFound(VISIT_MSG.visitNotFound);
    if (v.state !== 'scheduled' || v.work_submitted) throw conflict(CHECKLIST_MSG.notScheduledTicks);
    const items = await currentItems(v);
    const byId = new Map(items.map((i) => [i.id, i]));
    if (patch.items.some((p) => !byId.has(p.id))) throw conflict(CHECKLIST_MSG.unknownTask);
    for (const p of patch.items) {
      const item = byId.get(p.id)!;
      item.done = p.done;
      if (p.note !== undefined) item.note = p.note;
    }
    const rev = v.checklist_rev ?? null;
    const updated = await Visit.findOneAndUpdate(
      { _id: v._id, employee: oid(employeeId), state: 'scheduled', checklist_rev: rev, checklist: v.checklist ? { $exists: true } : { $exists: false } },
      { $set: { checklist: items, checklist_rev: (rev ?? 0) + 1 } },
      { returnDocument: 'after' },
    ).lean<VisitDoc>();
    if (updated) return updated;
  }
  throw conflict(VISIT_MSG.changedMeanwhile);
}

/**
 * Hours for a visit go in only when each task is ticked or has a reason (409 naming the open ones).
 * The visit then keeps its checklist as it was done, whatever the template becomes. Every hours path
 * (the visit's and the booking's own for a plan's first visit) calls this before its write.
 */
export async function settleChecklistForHours(v: VisitDoc | null): Promise<void> {
  if (!v || v.state !== 'scheduled') return;
  const items = await currentItems(v);
  const open = openTasks(items);
  if (open.length) throw conflict(CHECKLIST_MSG.reasonsMissing(open.map((i) => `${i.room}: ${i.task}`)), { open_tasks: open.map((i) => i.id) });
  if (items.length && !v.checklist) {
    await Visit.updateOne({ _id: v._id, checklist: { $exists: false } }, { $set: { checklist: items, checklist_rev: 1 } });
  }
}

/** The booking's own hours route: the plan's first visit, when it is this cleaner's (else that route refuses on its own). */
export async function settleFirstVisitChecklist(employeeId: string, bookingId: string): Promise<void> {
  await settleChecklistForHours(await Visit.findOne({ plan: oid(bookingId), on_booking: true, employee: oid(employeeId) }).lean<VisitDoc>());
}
