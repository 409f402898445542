// What the customer's own list says of a booking once others act on it: the cleaner's first name once
// one accepted (never before), and an office cancellation as "Cancelled by us" with its reason, in the
// answer and in the mail alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee } from './employee-fixtures';
import { officeCast, type OfficeCast } from './admin-fixtures';

let srv: TestServer;
let cast: OfficeCast;
beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  cast = await officeCast(srv);
});
afterAll(async () => {
  await srv?.close();
});

const mine = async (token: string, id: string) => {
  const list = await srv.call('GET', '/api/user/bookings?limit=100', { token });
  expect(list.status).toBe(200);
  return (list.body.bookings as Array<Record<string, unknown>>).find((b) => b.id === id)!;
};

describe("the customer's view of a booking", () => {
  it("shows the cleaner's first name only once accepted, and not after the office takes it back", async () => {
    const customer = await makeCustomer(srv);
    const cleaner = await makeEmployee(srv, { name: 'Cara Anne Cleaner' });
    const id = await makeBooking(customer.id);
    expect(await mine(customer.token, id)).not.toHaveProperty('cleaner_first_name');
    expect((await srv.call('POST', `/api/employee/bookings/${id}/accept`, { token: cleaner.token })).status).toBe(200);
    expect(await mine(customer.token, id)).toMatchObject({ status: 'accepted', cleaner_first_name: 'Cara' });
    expect((await srv.call('POST', `/api/admin/bookings/${id}/unassign`, { token: cast.admin.token })).status).toBe(200);
    expect(await mine(customer.token, id)).not.toHaveProperty('cleaner_first_name');
  });

  it('an office cancellation carries its reason, and the mail says "cancelled by us" with it', async () => {
    const customer = await makeCustomer(srv);
    const id = await makeBooking(customer.id);
    expect(await mine(customer.token, id)).not.toHaveProperty('cancel_reason');
    const seen = srv.mail.mails.length;
    const cancel = await srv.call('POST', `/api/admin/bookings/${id}/cancel`, { token: cast.admin.token, json: { reason: 'No cleaner covers this area' } });
    expect(cancel.status).toBe(200);
    expect(await mine(customer.token, id)).toMatchObject({ status: 'rejected', cancel_reason: 'No cleaner covers this area' });
    const mail = await srv.mail.waitFor(customer.email, { subject: /cancelled by us/i, after: seen });
    expect(mail.text).toContain('Cancelled by us');
    expect(mail.text).toContain('Why: No cleaner covers this area');
  });
});
