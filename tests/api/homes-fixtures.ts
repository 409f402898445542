// Homes tests: a customer's home made through the route, and a booking for it accepted by a cleaner.
import { bookingInput } from '../support/customers';
import type { TestServer } from '../support/test-server';
import { makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

export const HOME = {
  label: 'Holiday let',
  address: '7 Harbour Row, Whitstable',
  postcode: 'CT51AB',
  access_notes: 'Key safe by the blue door, code 4812',
  keys: 'Spare set with the neighbour at number 9',
  alarm_code: '2468',
  parking: 'Permit in the kitchen drawer',
  pets: 'A shy cat called Miso',
};

export async function addHome(s: TestServer, token: string, over: Record<string, unknown> = {}) {
  const res = await s.call('POST', '/api/user/homes', { token, json: { ...HOME, ...over } });
  if (res.status !== 201) throw new Error(`home ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.home as { id: string; } & typeof HOME;
}

export interface HomeCast {
  customer: Awaited<ReturnType<typeof makeCustomer>>;
  cleaner: TestEmployee;
  homeId: string;
  bookingId: string;
}

/** A customer's home, a weekly booking for it first on `date` at 09:00, accepted by a new cleaner. */
export async function homePlan(s: TestServer, date: string): Promise<HomeCast> {
  const customer = await makeCustomer(s, { phone: '07700 900456' });
  const cleaner = await makeEmployee(s, { name: 'Dora Door' });
  const home = await addHome(s, customer.token);
  const booked = await s.call('POST', '/api/user/bookings', { token: customer.token, json: bookingInput({ home_id: home.id, bestDays: `${date}T09:00` }) });
  if (booked.status !== 201) throw new Error(`booking ${booked.status}: ${JSON.stringify(booked.body)}`);
  const accepted = await s.call('POST', `/api/employee/bookings/${booked.body.bookingId}/accept`, { token: cleaner.token });
  if (accepted.status !== 200) throw new Error(`accept ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  return { customer, cleaner, homeId: home.id, bookingId: booked.body.bookingId };
}
