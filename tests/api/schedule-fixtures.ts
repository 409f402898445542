// Schedule tests: plans at a chosen postcode, date and time, accepted by a given cleaner.
import type { TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, type TestEmployee } from './employee-fixtures';

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
