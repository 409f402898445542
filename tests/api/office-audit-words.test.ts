// Over real HTTP: the office's audit entries name people, and read in words
// ("Returned to available: was Cara Cleaner"); the inbox badge counts the new items nobody has opened.
// (The payroll CSV's columns, pay and separate totals file: office-timesheets.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditChanges, auditSummary } from '@shared/messages-audit';
import type { AuditEntry } from '@shared/schemas/office';
import { ContactMessage } from '../../api/src/models/ContactMessage';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
let cara: TestEmployee;
beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4', LOG_LEVEL: 'error' });
  admin = await makeEmployee(srv, { role: 'admin', name: 'Ada Admin' });
  cara = await makeEmployee(srv, { name: 'Cara Cleaner' });
});
afterAll(async () => {
  await srv?.close();
});

const as = (method: string, path: string, json?: unknown) => srv.call(method, path, { token: admin.token, json });

describe('the audit log in words', () => {
  it('names the cleaner a booking was given to and taken from, on the audit screen and the booking', async () => {
    const customer = await makeCustomer(srv);
    const id = await makeBooking(customer.id, {});
    expect((await as('POST', `/api/admin/bookings/${id}/assign`, { employeeId: cara.id })).status).toBe(200);
    expect((await as('POST', `/api/admin/bookings/${id}/unassign`)).status).toBe(200);
    const log = await as('GET', '/api/admin/audit?limit=10');
    expect(log.status).toBe(200);
    const [unassigned, assigned] = log.body.entries as AuditEntry[];
    expect(unassigned.names).toEqual({ [cara.id]: 'Cara Cleaner' });
    expect(auditSummary(unassigned, unassigned.names!)).toBe('Returned to available: was Cara Cleaner');
    expect(auditSummary(assigned, assigned.names!)).toBe('Given to Cara Cleaner');
    // The changed fields by their names, people by theirs: no ids.
    const changes = auditChanges(unassigned.before, unassigned.after, unassigned.names!);
    expect(changes).toEqual([
      ['Status', 'Accepted', 'Waiting for a cleaner'],
      ['Cleaner', 'Cara Cleaner', 'nobody'],
    ]);
    expect(JSON.stringify(changes)).not.toContain(cara.id);
    const detail = await as('GET', `/api/admin/bookings/${id}`);
    expect(detail.body.booking.audit[0].names).toEqual({ [cara.id]: 'Cara Cleaner' });
  });

  it("says a pay rate change in pounds, with the person's name on the team screen", async () => {
    expect((await as('PATCH', `/api/admin/staff/${cara.id}`, { pay_rate_pence: 1250 })).status).toBe(200);
    const [entry] = (await as('GET', `/api/admin/staff/${cara.id}`)).body.audit as AuditEntry[];
    expect(auditSummary(entry, {})).toBe('Details changed: pay per hour');
    expect(auditChanges(entry.before, entry.after, {})).toEqual([['Pay per hour', '—', '£12.50']]);
  });
});

describe('the inbox badge', () => {
  it('counts the new items nobody has opened; opening one takes it off, handling does not bring it back', async () => {
    for (const name of ['Olive Opened', 'Una Unopened']) {
      expect(
        (await srv.call('POST', '/api/contact', { json: { name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, message: 'Hello there' } })).status,
      ).toBe(201);
    }
    const counts = async () => (await as('GET', '/api/admin/inbox?status=new&limit=1')).body.counts;
    expect(await counts()).toMatchObject({ total: 2, unopened: 2 });
    const olive = String((await ContactMessage.findOne({ name: 'Olive Opened' }))!._id);
    const opened = await as('GET', `/api/admin/inbox/contact/${olive}`);
    expect(opened.body.item).toMatchObject({ status: 'new', opened: true });
    // Still new (nobody answered it), but opened: off the badge.
    expect(await counts()).toMatchObject({ total: 2, unopened: 1 });
    expect((await as('GET', `/api/admin/inbox/contact/${olive}`)).status).toBe(200);
    expect((await as('PATCH', `/api/admin/inbox/contact/${olive}`, { status: 'handled' })).status).toBe(200);
    expect(await counts()).toMatchObject({ total: 1, unopened: 1 });
    const list = await as('GET', '/api/admin/inbox?kind=contact');
    expect(list.body.items.map((i: { name: string; opened: boolean; }) => [i.name, i.opened])).toEqual([
      ['Una Unopened', false],
      ['Olive Opened', true],
    ]);
  });
});
