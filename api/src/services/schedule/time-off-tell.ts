// Time off and holidays, done and told in one call: a cleaner's request (the office told), the office's
// decision (the cleaner told), a bank holiday resolved (each customer and cleaner whose visit changed told).
import type { ResolveAction, TimeOffInput } from '@shared/schemas/schedule';
import type { AuditActor } from '../office/audit';
import type { ChangeDeps } from '../plans/telling';
import { resolveHoliday } from './holidays';
import { mailHolidayChange, mailTimeOffDecision, tellTimeOffRequest } from './schedule-mail';
import type { Overrides } from './schedule-days';
import { requestTimeOff, type Decision } from './time-off';

export async function requestTimeOffAndTell(deps: ChangeDeps, employeeId: string, input: TimeOffInput) {
  const t = await requestTimeOff(employeeId, input, deps.clock.now());
  await tellTimeOffRequest(deps, { id: t.id, employee: employeeId, from: t.from, to: t.to, note: input.note ?? '' });
  return t;
}

/** The office's decision on (or entry of) time off, told to the cleaner. */
export async function decideTimeOffAndTell(deps: ChangeDeps, decided: Promise<Decision>): Promise<Decision> {
  const d = await decided;
  await mailTimeOffDecision(deps, d.mail);
  return d;
}

/** A bank holiday or closed day resolved (keep, skip, move): each customer and cleaner whose visit changed is told. */
export async function resolveHolidayAndTell(deps: ChangeDeps, actor: AuditActor, date: string, action: ResolveAction, regions: Overrides) {
  const res = await resolveHoliday(actor, date, action, deps.clock.now(), regions);
  for (const m of res.moved) await mailHolidayChange(deps, m, m.after);
  for (const s of res.skipped) await mailHolidayChange(deps, s, null);
  return res;
}
