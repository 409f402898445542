// Schedule tests: their server (an admin and a super-admin, an empty schedule before each test), the
// schedule as the office reads it, and plans at a chosen postcode, date and time, accepted by a given cleaner.
import { expect } from 'vitest';
import { Plan } from '../../api/src/models/Plan';
import { TimeOff } from '../../api/src/models/TimeOff';
import { Visit } from '../../api/src/models/Visit';
import type { TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';
import { startVisitsServer, type VisitsServer } from './visits-fixtures';

export async function startScheduleServer(): Promise<{ v: VisitsServer; admin: TestEmployee; superAdmin: TestEmployee; }> {
  const v = await startVisitsServer();
  const admin = await makeEmployee(v.s, { name: 'Ada Admin', role: 'admin' });
  const superAdmin = await makeEmployee(v.s, { name: 'Sue Super', role: 'super-admin' });
  return { v, admin, superAdmin };
}

/** Before each test: the real clock, and no plans, visits or time off. */
export async function emptySchedule(v: VisitsServer): Promise<void> {
  await v.setOffset(0);
  await Visit.deleteMany({});
  await Plan.deleteMany({});
  await TimeOff.deleteMany({});
}

export async function stopScheduleServer(v: VisitsServer | undefined): Promise<void> {
  await v?.setOffset(0);
  await v?.s.close();
}

export interface ScheduleAnswer {
  cleaners: Array<{ id: string; name: string; }>;
  visits: Array<Record<string, unknown> & { id: string; cleaner: number; date: string; time: string; hours: number; }>;
}

/** GET /api/admin/schedule?`q` through `call` (the test's admin), which must answer 200. */
export async function scheduleOf(call: (method: string, url: string) => Promise<{ status: number; body: unknown; }>, q: string): Promise<ScheduleAnswer> {
  const res = await call('GET', `/api/admin/schedule?${q}`);
  expect(res.status).toBe(200);
  return res.body as ScheduleAnswer;
}

export interface Placed {
  bookingId: string;
  customer: Awaited<ReturnType<typeof makeCustomer>>;
}

/** A customer's booking at `postcode` (`frequency`, first visit `date` at `time`) accepted by `cleaner`. */
export async function placePlan(
  s: TestServer,
  cleaner: TestEmployee,
  o: { date: string; time?: string; postcode?: string; frequency?: string; bedrooms?: string; name?: string; },
): Promise<Placed> {
  const customer = await makeCustomer(s, o.name ? { name: o.name } : undefined);
  const time = o.time ?? '09:00';
  const { scheduledAtOf } = await import('../../api/src/services/bookings/bookings');
  const bookingId = await makeBooking(customer.id, {
    frequency: o.frequency ?? 'Weekly',
    bestDays: `${o.date}T${time}`,
    scheduledAt: scheduledAtOf(`${o.date}T${time}`),
    postcode: o.postcode ?? 'N17GU',
    bedrooms: o.bedrooms ?? '2',
  });
  const res = await s.call('POST', `/api/employee/bookings/${bookingId}/accept`, { token: cleaner.token });
  if (res.status !== 200) throw new Error(`accept ${res.status}: ${JSON.stringify(res.body)}`);
  return { bookingId, customer };
}
