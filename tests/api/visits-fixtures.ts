// Plans and visits tests: a server whose clock a file moves (TEST_CLOCK_FILE), and a booking accepted
// into a plan through the real routes.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, londonDate } from '@shared/visits';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

export interface VisitsServer {
  s: TestServer;
  /** Moves the server's "now" to `offsetMs` after the real clock. */
  setOffset(offsetMs: number): Promise<void>;
}

export async function startVisitsServer(env: Record<string, string> = {}): Promise<VisitsServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sc-visit-clock-'));
  const file = path.join(dir, 'offset');
  await writeFile(file, '0');
  const s = await startTestServer({ BCRYPT_COST: '4', TEST_CLOCK_FILE: file, LOG_LEVEL: 'error', ...env });
  return { s, setOffset: (ms) => writeFile(file, String(ms)) };
}

/** A London date `days` from today, and its weekday's booking text at `time`. */
export const dayAhead = (days: number) => addDays(londonDate(Date.now()), days);

export interface PlanCast {
  customer: Awaited<ReturnType<typeof makeCustomer>>;
  cleaner: TestEmployee;
  bookingId: string;
}

/** A customer's booking (`frequency`, first visit `date` at `time`) accepted by a new cleaner. */
export async function acceptedPlan(s: TestServer, opts: { frequency?: string; date?: string; time?: string; name?: string; } = {}): Promise<PlanCast> {
  const customer = await makeCustomer(s);
  const cleaner = await makeEmployee(s, { name: opts.name ?? 'Cleo Cleaner' });
  const date = opts.date ?? dayAhead(7);
  const bookingId = await makeBooking(customer.id, { frequency: opts.frequency ?? 'Weekly', bestDays: `${date}T${opts.time ?? '09:00'}`, scheduledAt: null });
  // The booked time as the create route stores it.
  const { Booking } = await import('../../api/src/models/Booking');
  const { scheduledAtOf } = await import('../../api/src/services/bookings/bookings');
  await Booking.updateOne({ _id: bookingId }, { $set: { scheduledAt: scheduledAtOf(`${date}T${opts.time ?? '09:00'}`) } });
  const res = await s.call('POST', `/api/employee/bookings/${bookingId}/accept`, { token: cleaner.token });
  if (res.status !== 200) throw new Error(`accept ${res.status}: ${JSON.stringify(res.body)}`);
  return { customer, cleaner, bookingId };
}
