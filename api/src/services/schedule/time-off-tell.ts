// A cleaner's request for time off, stored and told to the office (which decides it), in one call.
import type { TimeOffInput } from '@shared/schemas/schedule';
import type { ChangeDeps } from '../plans/changes';
import { tellTimeOffRequest } from './schedule-mail';
import { requestTimeOff } from './time-off';

export async function requestTimeOffAndTell(deps: ChangeDeps, employeeId: string, input: TimeOffInput) {
  const t = await requestTimeOff(employeeId, input, deps.clock.now());
  await tellTimeOffRequest(deps, { id: t.id, employee: employeeId, from: t.from, to: t.to, note: input.note ?? '' });
  return t;
}
