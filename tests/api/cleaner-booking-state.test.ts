// The cleaner's My Bookings says what each booking is now in the shared state words, as the office
// board and the customer read it — not the stored status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBooking, makeCustomer, makeEmployee } from './employee-fixtures';
import { dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';

let vs: VisitsServer;
beforeAll(async () => {
  vs = await startVisitsServer();
});
afterAll(async () => {
  await vs?.s.close();
});

describe("the cleaner's My Bookings", () => {
  it('shows an accepted plan as active with its next visit, in staff words', async () => {
    const customer = await makeCustomer(vs.s);
    const cleo = await makeEmployee(vs.s, { name: 'Cleo Cleaner' });
    const date = dayAhead(6);
    const id = await makeBooking(customer.id, { bestDays: `${date}T09:00`, scheduledAt: new Date(`${date}T09:00:00Z`) });
    expect((await vs.s.call('POST', `/api/employee/bookings/${id}/accept`, { token: cleo.token })).status).toBe(200);
    const mine = async () => (await vs.s.call('GET', '/api/employee/my-bookings', { token: cleo.token })).body.bookings;
    const [row] = await mine();
    expect(row.status).toBe('accepted');
    expect(row.state).toBe('active');
    expect(row.state_text).toMatch(/^Weekly, active — next visit \w{3} \d{1,2} \w{3}/);
  });
});
