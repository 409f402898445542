// Time off: a cleaner asks (requested), the office approves or declines (the cleaner is mailed), or
// the office enters it for them (approved at once). Approving turns exactly that cleaner's scheduled
// visits inside from–to into needs cover: no cleaner, so they are cover jobs on the Available list
// and on the schedule's Unassigned lane, first. Each decision is one conditional write: decided once.
import mongoose from 'mongoose';
import { SCHEDULE_MSG } from '@shared/messages-schedule';
import { pageInfo, skipOf } from '@shared/schemas/paging';
import type { TimeOffDto, TimeOffInput, TimeOffState } from '@shared/schemas/schedule';
import { londonDate } from '@shared/visits';
import { Employee } from '../../models/Employee';
import { TimeOff, type TimeOffDoc } from '../../models/TimeOff';
import { Visit } from '../../models/Visit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../office/audit';
import { windowOf } from '../plans/visits-view';

const oid = (id: string) => new mongoose.Types.ObjectId(id);
type Paging = { page: number; limit: number; };

function dto(t: TimeOffDoc, names: Map<string, string>): TimeOffDto {
  return {
    id: String(t._id),
    employee_id: String(t.employee),
    employee_name: names.get(String(t.employee)) ?? '',
    from: t.from,
    to: t.to,
    note: t.note ?? '',
    state: t.state as TimeOffState,
    created_at: t.created_at.toISOString(),
  };
}

async function page(filter: Record<string, unknown>, paging: Paging) {
  const [rows, total] = await Promise.all([
    TimeOff.find(filter).sort({ created_at: -1, _id: -1 }).skip(skipOf(paging)).limit(paging.limit).lean<TimeOffDoc[]>(),
    TimeOff.countDocuments(filter),
  ]);
  const people = await Employee.find({ _id: { $in: [...new Set(rows.map((t) => String(t.employee)))] } }, { name: 1 }).lean();
  const names = new Map(people.map((p) => [String(p._id), p.name]));
  return { time_off: rows.map((t) => dto(t, names)), ...pageInfo(paging.page, paging.limit, total) };
}

function notPast(input: TimeOffInput, now: Date) {
  if (input.to < londonDate(now)) throw badRequest(SCHEDULE_MSG.timeOffInPast, { errors: { to: SCHEDULE_MSG.timeOffInPast } });
}

export async function requestTimeOff(employeeId: string, input: TimeOffInput, now: Date): Promise<TimeOffDto> {
  notPast(input, now);
  const t = await TimeOff.create({ employee: oid(employeeId), from: input.from, to: input.to, note: input.note ?? '' });
  return dto(t.toObject() as TimeOffDoc, new Map());
}

export const myTimeOff = (employeeId: string, paging: Paging) => page({ employee: oid(employeeId) }, paging);
export const officeTimeOff = (state: TimeOffState | undefined, paging: Paging) => page(state ? { state } : {}, paging);

/** The cleaner's scheduled visits inside the time off (still ahead) become needs cover; how many. */
async function applyTimeOff(t: Pick<TimeOffDoc, 'employee' | 'from' | 'to'>, now: Date): Promise<number> {
  const { start, end } = windowOf({ from: t.from, to: t.to }, now);
  const res = await Visit.updateMany(
    { employee: t.employee, state: 'scheduled', start: { $gte: start > now ? start : now, $lt: end } },
    { $set: { employee: null, released_from: t.employee, needs_cover: true, exception: true }, $inc: { version: 1 } },
  );
  return res.modifiedCount;
}

const audit = (actor: AuditActor, action: string, t: Pick<TimeOffDoc, 'employee' | 'from' | 'to'>, covered: number) =>
  recordAudit({
    actor,
    action,
    target: { type: 'staff', id: String(t.employee), label: `time off ${t.from} – ${t.to}` },
    after: { from: t.from, to: t.to, needs_cover: covered },
  });

export interface Decision {
  time_off: TimeOffDto;
  needs_cover: number;
  mail: { id: string; employee: string; from: string; to: string; approved: boolean; };
}

export async function decideTimeOff(actor: AuditActor, id: string, approve: boolean, now: Date): Promise<Decision> {
  const t = await TimeOff.findOneAndUpdate({ _id: oid(id), state: 'requested' }, {
    $set: { state: approve ? 'approved' : 'declined', decided_by: oid(actor.id), decided_at: now },
  }, { returnDocument: 'after' }).lean<TimeOffDoc>();
  if (!t) {
    if (!(await TimeOff.exists({ _id: oid(id) }))) throw notFound(SCHEDULE_MSG.timeOffNotFound);
    throw conflict(SCHEDULE_MSG.timeOffDecided);
  }
  const covered = approve ? await applyTimeOff(t, now) : 0;
  await audit(actor, approve ? 'time-off.approved' : 'time-off.declined', t, covered);
  const person = await Employee.findById(t.employee, { name: 1 }).lean();
  return {
    time_off: dto(t, new Map([[String(t.employee), person?.name ?? '']])),
    needs_cover: covered,
    mail: { id: String(t._id), employee: String(t.employee), from: t.from, to: t.to, approved: approve },
  };
}

export async function enterTimeOff(actor: AuditActor, employeeId: string, input: TimeOffInput, now: Date): Promise<Decision> {
  notPast(input, now);
  const person = await Employee.findOne({ _id: oid(employeeId), is_active: true }, { name: 1 }).lean();
  if (!person) throw notFound(SCHEDULE_MSG.employeeNotFound);
  const t = (await TimeOff.create({
    employee: person._id,
    from: input.from,
    to: input.to,
    note: input.note ?? '',
    state: 'approved',
    decided_by: oid(actor.id),
    decided_at: now,
  })).toObject() as TimeOffDoc;
  const covered = await applyTimeOff(t, now);
  await audit(actor, 'time-off.entered', t, covered);
  return {
    time_off: dto(t, new Map([[employeeId, person.name]])),
    needs_cover: covered,
    mail: { id: String(t._id), employee: employeeId, from: t.from, to: t.to, approved: true },
  };
}
