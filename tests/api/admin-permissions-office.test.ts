// The office's permission matrix, part 2: the inbox (each kind: contact, enquiry, career), the CV
// download, timesheets (list, CSV, approve, query) and the company's figures × {no token, customer
// token, employee, deactivated admin, admin, super-admin}. Refused calls change nothing; a refused
// CV or CSV download sends no file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { form, makeBooking, makeCustomer, tinyPdf } from './employee-fixtures';
import { officeCast, type OfficeCast } from './admin-fixtures';
import { AuditLog } from '../../api/src/models/AuditLog';
import { Booking } from '../../api/src/models/Booking';
import { CareerApplication } from '../../api/src/models/CareerApplication';
import { ContactMessage } from '../../api/src/models/ContactMessage';
import { Enquiry } from '../../api/src/models/Enquiry';
import { Statement } from '../../api/src/models/Statement';
import { OFFICE_MSG } from '@shared/messages-office';

let srv: TestServer;
let cast: OfficeCast;
let customer: Awaited<ReturnType<typeof makeCustomer>>;
let bookingId: string;
const ids: Record<'contact' | 'enquiry' | 'career', string> = { contact: '', enquiry: '', career: '' };

interface Route {
  method: string;
  path: () => string;
  json?: () => unknown;
  /** A file answer: a refused call must not send its Content-Disposition. */
  file?: boolean;
}

const KINDS = ['contact', 'enquiry', 'career'] as const;
const ROUTES: Route[] = [
  ...KINDS.flatMap((kind): Route[] => [
    { method: 'GET', path: () => `/api/admin/inbox?kind=${kind}` },
    { method: 'GET', path: () => `/api/admin/inbox/${kind}/${ids[kind]}` },
    { method: 'PATCH', path: () => `/api/admin/inbox/${kind}/${ids[kind]}`, json: () => ({ status: 'handled', note: `Seen (${kind})` }) },
  ]),
  { method: 'GET', path: () => `/api/admin/career/${ids.career}/cv`, file: true },
  { method: 'GET', path: () => '/api/admin/timesheets' },
  { method: 'GET', path: () => '/api/admin/timesheets.csv', file: true },
  { method: 'POST', path: () => `/api/admin/timesheets/${bookingId}/approve` },
  { method: 'POST', path: () => `/api/admin/timesheets/${bookingId}/query`, json: () => ({ message: 'Were these hours right?' }) },
  { method: 'GET', path: () => '/api/admin/stats' },
  { method: 'GET', path: () => '/api/admin/statements?month=2026-10' },
  { method: 'GET', path: () => '/api/admin/statements.csv?month=2026-10', file: true },
  { method: 'PUT', path: () => '/api/admin/statements/payment', json: () => ({ customer_id: customer.id, month: '2026-10', paid: false }) },
];

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  cast = await officeCast(srv);
  customer = await makeCustomer(srv);
  const send = async (path: string, body: object) => expect((await srv.call('POST', path, body)).status).toBe(201);
  await send('/api/contact', { json: { name: 'Connie Contact', email: 'connie@example.com', message: 'Do you clean windows?' } });
  await send('/api/enquiry', {
    json: {
      name: 'Enid Enquiry',
      email: 'enid@example.com',
      service: 'Deep Cleaning',
      postcode: 'SE10AA',
      bedrooms: 3,
      details: 'Oven as well',
      consent: true,
    },
  });
  await send('/api/career', {
    body: form({ name: 'Cara Career', email: 'cara@example.com', position: 'Supervisor' }, { cv: { data: tinyPdf(), name: 'cara.pdf' } }),
  });
  ids.contact = String((await ContactMessage.findOne({ name: 'Connie Contact' }))!._id);
  ids.enquiry = String((await Enquiry.findOne({ name: 'Enid Enquiry' }))!._id);
  ids.career = String((await CareerApplication.findOne({ name: 'Cara Career' }))!._id);
});
afterAll(async () => {
  await srv?.close();
});

/** A job whose hours wait for the office's review. */
const submitted = () =>
  makeBooking(customer.id, {
    status: 'completed',
    accepted_by: cast.employee.id,
    accepted_at: new Date(Date.now() - 3_600_000),
    work_submitted: true,
    submitted_work_hours: 2,
    submitted_at: new Date(),
    timesheet_status: 'submitted',
  });

/** Everything these routes can change, to prove a refused call changed nothing. */
async function stateOf() {
  const [bookings, contact, enquiries, careers, audit, statements] = await Promise.all([
    Booking.find({}, { updated_at: 0 }).sort({ _id: 1 }).lean(),
    ContactMessage.find({}, { updated_at: 0 }).sort({ _id: 1 }).lean(),
    Enquiry.find({}, { updated_at: 0 }).sort({ _id: 1 }).lean(),
    CareerApplication.find({}, { updated_at: 0 }).sort({ _id: 1 }).lean(),
    AuditLog.countDocuments(),
    Statement.find({}, { updated_at: 0 }).sort({ _id: 1 }).lean(),
  ]);
  return JSON.stringify({ bookings, contact, enquiries, careers, audit, statements });
}

describe.each(ROUTES)('$method $path', (route) => {
  const call = (token?: string) => srv.call(route.method, route.path(), { token, json: route.json?.() });
  const refused = async (token: string | undefined, status: number, message?: string) => {
    const before = await stateOf();
    const res = await call(token);
    expect([res.status, res.body.success]).toEqual([status, false]);
    if (message) expect(res.body.message).toBe(message);
    if (route.file) expect(res.headers.get('content-disposition')).toBeNull();
    expect(await stateOf()).toBe(before);
  };

  beforeAll(async () => {
    bookingId = await submitted();
    // Back to new, so each route's PATCH is a real change when it is allowed.
    await Promise.all([ContactMessage, Enquiry, CareerApplication].map((m) => (m as typeof ContactMessage).updateMany({}, { $set: { status: 'new' } })));
  });

  it('no token → 401, nothing changes', () => refused(undefined, 401));
  it('customer token → 401, nothing changes', () => refused(customer.token, 401));
  it('employee → 403, nothing changes', () => refused(cast.employee.token, 403, OFFICE_MSG.officeOnly));
  it('deactivated admin → 401, nothing changes', () => refused(cast.deactivatedAdmin.token, 401));

  it('admin → 200', async () => {
    const res = await call(cast.admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (route.file) expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    else expect(res.body.success).toBe(true);
  });

  it('super-admin → 200', async () => {
    // The admin's review moved the submission on: put it back to waiting.
    await Booking.updateOne({ _id: bookingId }, { $set: { timesheet_status: 'submitted' } });
    const res = await call(cast.superAdmin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
