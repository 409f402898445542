// Timesheets over real HTTP: a cleaner's submission waits for the office; the office queries it, the
// cleaner sees the question on the booking and corrects the hours, the office approves (both audited)
// and approved hours are locked. The payroll CSV, parsed back with csv-parse, equals the submissions
// and the totals, with formula-like names neutralised. Admins and super-admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
let ann: TestEmployee;
let eve: TestEmployee;
let customer: { id: string; token: string; };

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  admin = await makeEmployee(srv, { role: 'admin', name: 'Ada Admin' });
  await makeEmployee(srv, { role: 'super-admin', name: 'Sam Super' });
  ann = await makeEmployee(srv, { name: 'Ann Cleaner' });
  // A name a spreadsheet would run as a formula, with a comma and a quote to test RFC 4180 quoting.
  eve = await makeEmployee(srv, { name: '=HYPERLINK("x"),Eve' });
  customer = await makeCustomer(srv);
});
afterAll(async () => {
  await srv?.close();
});

/** A booking this cleaner finished, its hours submitted at `at` (written through the model). */
async function submitted(emp: TestEmployee, at: string, hours: number, extra: Record<string, unknown> = {}) {
  return makeBooking(customer.id, {
    status: 'completed',
    accepted_by: emp.id,
    accepted_at: new Date(Date.parse(at) - 86_400_000),
    work_submitted: true,
    submitted_work_hours: hours,
    completion_notes: 'Done',
    submitted_at: new Date(at),
    timesheet_status: 'submitted',
    postcode: 'N17GU',
    ...extra,
  });
}

const get = (path: string, token = admin.token) => srv.call('GET', path, { token });

describe('the period list and the payroll CSV', () => {
  const FROM = '2026-02-01';
  const TO = '2026-02-28';
  let rows: Array<{ id: string; emp: TestEmployee; at: string; hours: number; status: string; reference: string; cleanDate: string; }>;

  beforeAll(async () => {
    const plan: Array<[TestEmployee, string, number, string]> = [
      [ann, '2026-02-02T08:00:00Z', 3, 'approved'],
      [eve, '2026-02-03T09:30:00Z', 2.5, 'submitted'],
      [ann, '2026-02-10T14:00:00Z', 4.5, 'queried'],
      [eve, '2026-02-20T10:00:00Z', 1.5, 'approved'],
      [ann, '2026-02-28T23:30:00Z', 2, 'approved'],
      // Outside the period on either side.
      [ann, '2026-01-31T23:59:00Z', 8, 'approved'],
      [eve, '2026-03-01T00:00:00Z', 8, 'approved'],
    ];
    rows = [];
    for (const [emp, at, hours, status] of plan) {
      // Cleaned the day before the hours were sent (winter: London dates are UTC dates).
      const cleaned = new Date(Date.parse(at) - 86_400_000);
      const reference = `SC-T${rows.length + 1}`;
      const id = await submitted(emp, at, hours, {
        timesheet_status: status,
        reference,
        scheduledAt: cleaned,
        ...(status === 'queried' ? { timesheet_query: { message: 'Check', at: new Date(at) } } : {}),
      });
      rows.push({ id, emp, at, hours, status, reference, cleanDate: cleaned.toISOString().slice(0, 10) });
    }
  });

  const inPeriod = () => rows.filter((r) => r.at >= FROM && r.at < '2026-03-01');

  it('lists the period newest first, paged, with totals per employee computed over the whole period', async () => {
    const page1 = await get(`/api/admin/timesheets?from=${FROM}&to=${TO}&limit=2`);
    const page3 = await get(`/api/admin/timesheets?from=${FROM}&to=${TO}&limit=2&page=3`);
    expect(page1.status).toBe(200);
    const expected = inPeriod().sort((a, b) => b.at.localeCompare(a.at));
    expect(
      [...page1.body.timesheets, ...(await get(`/api/admin/timesheets?from=${FROM}&to=${TO}&limit=2&page=2`)).body.timesheets, ...page3.body.timesheets].map((
        t: { booking_id: string; },
      ) => t.booking_id),
    ).toEqual(expected.map((r) => r.id));
    expect([page1.body.total, page1.body.from, page1.body.to]).toEqual([5, FROM, TO]);
    for (const emp of [ann, eve]) {
      const mine = inPeriod().filter((r) => r.emp === emp);
      expect(page3.body.totals.find((t: { employee: { id: string; }; }) => t.employee.id === emp.id)).toEqual({
        employee: { id: emp.id, name: emp.name, email: emp.email },
        submissions: mine.length,
        hours: mine.reduce((s, r) => s + r.hours, 0),
        approved_hours: mine.filter((r) => r.status === 'approved').reduce((s, r) => s + r.hours, 0),
      });
    }
    const eveOnly = await get(`/api/admin/timesheets?from=${FROM}&to=${TO}&employee=${eve.id}`);
    expect(eveOnly.body.timesheets.map((t: { booking_id: string; }) => t.booking_id).sort()).toEqual(
      inPeriod().filter((r) => r.emp === eve).map((r) => r.id).sort(),
    );
  });

  it('refuses bad periods and filters with a clear 400', async () => {
    for (
      const qs of [
        'from=2026-02-30',
        'from=yesterday',
        'from=2026-03-01&to=2026-02-01',
        'from=2025-01-01&to=2026-02-01',
        'employee=bob',
        'status=paid',
        'limit=500',
      ]
    ) {
      const res = await get(`/api/admin/timesheets?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.message, qs).toBeTruthy();
      expect((await get(`/api/admin/timesheets.csv?${qs.replace('limit=500', 'page=1')}`)).status, `csv ${qs}`).toBe(400);
    }
  });

  it('exports one RFC 4180 row per submission (reference, clean date, postcode as written, pay) and the totals as a file of their own; parsed back they equal the data', async () => {
    // Ann's rate is set by the office (integer pence per hour); Eve has none yet: her pay cells stay empty.
    const rate = await srv.call('PATCH', `/api/admin/staff/${ann.id}`, { token: admin.token, json: { pay_rate_pence: 1250 } });
    expect([rate.status, rate.body.staff.pay_rate_pence]).toEqual([200, 1250]);
    for (const bad of [12.5, -1, 20_001, '1250']) {
      expect((await srv.call('PATCH', `/api/admin/staff/${ann.id}`, { token: admin.token, json: { pay_rate_pence: bad } })).status, String(bad)).toBe(400);
    }
    const res = await fetch(`${srv.url}/api/admin/timesheets.csv?from=${FROM}&to=${TO}`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="timesheets-${FROM}-to-${TO}.csv"`);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(await res.arrayBuffer());
    expect(text.includes('\r\n')).toBe(true);
    const records = parse(text, { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
    expect(Object.keys(records[0])).toEqual([
      'reference',
      'clean_date',
      'submitted_date',
      'employee',
      'email',
      'postcode',
      'hours',
      'status',
      'pay_rate_pence_per_hour',
      'pay_pence',
      'booking_id',
    ]);

    const shown = (emp: TestEmployee) => (/^[=+\-@]/.test(emp.name) ? `'${emp.name}` : emp.name);
    const rateOf = (emp: TestEmployee) => (emp === ann ? 1250 : null);
    const expectedRows = inPeriod()
      .sort((a, b) => a.at.localeCompare(b.at))
      .map((r) => ({
        reference: r.reference,
        clean_date: r.cleanDate,
        submitted_date: r.at.slice(0, 10),
        employee: shown(r.emp),
        email: r.emp.email,
        postcode: 'N1 7GU',
        hours: String(r.hours),
        status: r.status,
        pay_rate_pence_per_hour: rateOf(r.emp) === null ? '' : String(rateOf(r.emp)),
        pay_pence: rateOf(r.emp) === null ? '' : String(Math.round(r.hours * rateOf(r.emp)!)),
        booking_id: r.id,
      }));
    // Only submission lines: no totals line for an import to mix in.
    expect(records).toEqual(expectedRows);
    // The formula-like name is text: it starts with an apostrophe, and its quote and comma survive quoting.
    expect(records.find((r) => r.email === eve.email)!.employee).toBe(`'=HYPERLINK("x"),Eve`);
    expect(text).toContain(`"'=HYPERLINK(""x""),Eve"`);

    const totalsRes = await fetch(`${srv.url}/api/admin/timesheets.csv?from=${FROM}&to=${TO}&part=totals`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(totalsRes.headers.get('content-disposition')).toBe(`attachment; filename="timesheets-totals-${FROM}-to-${TO}.csv"`);
    const totals = parse(await totalsRes.text(), { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
    const expectedTotals = [ann, eve]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((emp) => {
        const mine = inPeriod().filter((r) => r.emp === emp);
        const all = mine.reduce((s, r) => s + r.hours, 0);
        const ok = mine.filter((r) => r.status === 'approved').reduce((s, r) => s + r.hours, 0);
        const pay = (h: number) => (rateOf(emp) === null ? '' : String(Math.round(h * rateOf(emp)!)));
        return {
          employee: shown(emp),
          email: emp.email,
          submissions: String(mine.length),
          hours: String(all),
          approved_hours: String(ok),
          awaiting_hours: String(all - ok),
          pay_rate_pence_per_hour: rateOf(emp) === null ? '' : String(rateOf(emp)),
          pay_pence: pay(all),
          approved_pay_pence: pay(ok),
          charge_share_pence: '0',
        };
      });
    expect(totals).toEqual(expectedTotals);
    expect((await get(`/api/admin/timesheets.csv?from=${FROM}&part=sums`)).status).toBe(400);
  });
});
