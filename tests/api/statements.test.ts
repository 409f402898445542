// Monthly statements: a customer's month adds up (visits done × price + late
// charges, VAT per line), customers see only their own, the office (admins only) sees who owes what,
// marks a month paid or unpaid (audited), and exports it as CSV that a real parser reads with the
// same totals and no live formula; the e-mail on the 1st goes once per customer and month, across
// two job runners on one database, and respects the customer's choice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { parse } from 'csv-parse/sync';
import { addMonths, monthOfDay } from '@shared/statements';
import { londonDate } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';
import { officeCast, type OfficeCast } from './admin-fixtures';
import { AuditLog } from '../../api/src/models/AuditLog';
import { Statement } from '../../api/src/models/Statement';
import { Visit } from '../../api/src/models/Visit';
import { createJobRunner } from '../../api/src/jobs/runner';
import { scheduleStatementMonth, startStatementJobs } from '../../api/src/jobs/statements';

const VAT = 20;
let s: TestServer;
let cast: OfficeCast;
let cleaner: TestEmployee;
type Customer = Awaited<ReturnType<typeof makeCustomer>>;
let alice: Customer;
let bob: Customer;
let eve: Customer;
/** Last month (London): every visit below is in it. */
const month = addMonths(monthOfDay(londonDate(Date.now())), -1);
const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;

async function visit(
  c: Customer,
  plan: mongoose.Types.ObjectId,
  d: number,
  state: 'completed' | 'skipped' | 'cancelled',
  price: number | null,
  charge?: number,
) {
  await Visit.create({
    plan,
    user: c.id,
    reference: `SC-${String(plan).slice(-5).toUpperCase()}`,
    slot: day(d),
    day: day(d),
    start: new Date(londonWallTime(day(d), '09:00')!),
    employee: cleaner.id,
    state,
    price_pence: price,
    ...(charge ? { late_charge_pence: charge, late_charge_at: new Date() } : {}),
  });
}

beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4', VAT_RATE_PERCENT: String(VAT), JOBS_POLL_MS: '0' });
  cast = await officeCast(s);
  cleaner = await makeEmployee(s, { name: 'Cleo Cleaner' });
  alice = await makeCustomer(s, { name: 'Alice Weekly' });
  bob = await makeCustomer(s, { name: 'Bob Fortnightly' });
  // A name a spreadsheet would run as a formula.
  eve = await makeCustomer(s, { name: "=cmd|' /C calc'!A0" });
  const [pa, pb, pe] = [new mongoose.Types.ObjectId(), new mongoose.Types.ObjectId(), new mongoose.Types.ObjectId()];
  // Alice, weekly at £63: four done, one skipped late (50 % charged), one skipped in time, one cancelled by the office.
  for (const d of [1, 8, 15, 22]) await visit(alice, pa, d, 'completed', 6300);
  await visit(alice, pa, 27, 'skipped', 6300, 3150);
  await visit(alice, pa, 28, 'skipped', 6300);
  await visit(alice, pa, 29, 'cancelled', 6300);
  // Bob: two done at £80, one of them moved late (£40 charged).
  await visit(bob, pb, 3, 'completed', 8000, 4000);
  await visit(bob, pb, 17, 'completed', 8000);
  await visit(eve, pe, 10, 'completed', 5000);
});
afterAll(async () => {
  await s?.close();
});

const vat = (net: number) => Math.round((net * VAT) / 100);

describe('the customer', () => {
  it('sees a month that adds up: visits done × price + late charges, VAT per line', async () => {
    const res = await s.call('GET', `/api/user/statements?month=${month}`, { token: alice.token });
    expect(res.status).toBe(200);
    const st = res.body.statement;
    expect(st.counts).toEqual({ done: 4, skipped: 2, cancelled: 1, scheduled: 0 });
    expect(st.visits_pence).toBe(4 * 6300);
    expect(st.charges_pence).toBe(3150);
    expect(st.net_pence).toBe(4 * 6300 + 3150);
    expect(st.vat_pence).toBe(4 * vat(6300) + vat(3150));
    expect(st.total_pence).toBe(st.net_pence + st.vat_pence);
    expect(res.body.visits).toHaveLength(7);
    expect(res.body.payment).toEqual({ paid: false });
    expect(res.body.owed_pence).toBe(st.total_pence);
    expect(st.lines.filter((l: { kind: string; }) => l.kind === 'charge').map((l: { description: string; }) => l.description)).toEqual(['Late skip charge']);
  });

  it('sees only their own visits', async () => {
    const res = await s.call('GET', `/api/user/statements?month=${month}`, { token: bob.token });
    expect(res.body.visits).toHaveLength(2);
    expect(res.body.statement.net_pence).toBe(2 * 8000 + 4000);
    const others = await s.call('GET', `/api/user/statements?month=${month}`, { token: (await makeCustomer(s)).token });
    expect(others.body.visits).toEqual([]);
    expect(others.body.statement.total_pence).toBe(0);
    expect((await s.call('GET', `/api/user/statements?month=${month}`)).status).toBe(401);
    expect((await s.call('GET', `/api/user/statements?month=${month}`, { token: cast.admin.token })).status).toBe(401);
  });

  it('lists their months newest first, paged', async () => {
    const res = await s.call('GET', '/api/user/statements/months?limit=1', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: 1, total: 2, pages: 2 });
    expect(res.body.months.map((m: { month: string; }) => m.month)).toEqual([addMonths(month, 1)]);
    const second = await s.call('GET', '/api/user/statements/months?limit=1&page=2', { token: alice.token });
    expect(second.body.months).toEqual([{
      month,
      total_pence: 4 * 6300 + 3150 + 4 * vat(6300) + vat(3150),
      counts: { done: 4, skipped: 2, cancelled: 1, scheduled: 0 },
      paid: false,
    }]);
  });

  it('is told clearly when the month is wrong', async () => {
    for (const bad of ['2026-13', '26-10', '2026-1', 'x'.repeat(5000)]) {
      const res = await s.call('GET', `/api/user/statements?month=${bad}`, { token: alice.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/YYYY-MM/);
    }
    expect((await s.call('GET', `/api/user/statements?month=${month}&all=1`, { token: alice.token })).status).toBe(400);
  });
});

describe('the office', () => {
  const list = (token: string, q = '') => s.call('GET', `/api/admin/statements?month=${month}${q}`, { token });

  it('sees who owes what (admins only), most owed first', async () => {
    const res = await list(cast.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.statements.map((r: { customer: { name: string; }; }) => r.customer.name)).toEqual([
      'Alice Weekly',
      'Bob Fortnightly',
      "=cmd|' /C calc'!A0",
    ]);
    const a = res.body.statements[0];
    expect(a).toMatchObject({ visits_pence: 25200, charges_pence: 3150, owed_pence: a.total_pence, payment: { paid: false } });
    expect(res.body.totals.total_pence).toBe(res.body.statements.reduce((n: number, r: { total_pence: number; }) => n + r.total_pence, 0));
    expect(res.body).toMatchObject({ total: 3, page: 1, pages: 1 });
    const paged = await list(cast.admin.token, '&limit=1&page=2');
    expect(paged.body.statements.map((r: { customer: { id: string; }; }) => r.customer.id)).toEqual([bob.id]);
    expect((await list(cast.superAdmin.token)).status).toBe(200);
    expect((await list(cast.employee.token)).status).toBe(403);
    expect((await list(cast.deactivatedAdmin.token)).status).toBe(401);
    expect((await list(alice.token)).status).toBe(401);
    expect((await s.call('GET', '/api/admin/statements', { token: cast.admin.token })).status).toBe(400);
  });

  it('marks a month paid with a reference, then unpaid; audited; refusals change nothing', async () => {
    const pay = (json: unknown, token = cast.admin.token) => s.call('PUT', '/api/admin/statements/payment', { token, json });
    const before = await Statement.countDocuments();
    const audits = await AuditLog.countDocuments();
    expect((await pay({ customer_id: alice.id, month, paid: true }, cast.employee.token)).status).toBe(403);
    expect((await pay({ customer_id: alice.id, month: '2026-1', paid: true })).status).toBe(400);
    expect((await pay({ customer_id: alice.id, month, paid: 'yes' })).status).toBe(400);
    expect((await pay({ customer_id: alice.id, month, paid: true, payment_reference: 'x'.repeat(101) })).status).toBe(400);
    expect((await pay({ customer_id: String(new mongoose.Types.ObjectId()), month, paid: true })).status).toBe(404);
    const nothing = await pay({ customer_id: alice.id, month: addMonths(month, -6), paid: true });
    expect(nothing.status).toBe(409);
    expect(await Statement.countDocuments()).toBe(before);
    expect(await AuditLog.countDocuments()).toBe(audits);

    const paid = await pay({ customer_id: alice.id, month, paid: true, payment_reference: 'BACS 0042' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ payment: { paid: true, payment_reference: 'BACS 0042' }, owed_pence: 0 });
    const mine = await s.call('GET', `/api/user/statements?month=${month}`, { token: alice.token });
    expect(mine.body.payment).toMatchObject({ paid: true, payment_reference: 'BACS 0042', paid_pence: mine.body.statement.total_pence });
    expect(mine.body.owed_pence).toBe(0);
    const unpaidOnly = await list(cast.admin.token, '&status=unpaid');
    expect(unpaidOnly.body.statements.map((r: { customer: { id: string; }; }) => r.customer.id)).not.toContain(alice.id);
    expect((await list(cast.admin.token, '&status=paid')).body.statements.map((r: { customer: { id: string; }; }) => r.customer.id)).toEqual([alice.id]);
    const audit = await AuditLog.findOne({ action: 'statement.paid', 'target.id': alice.id }).lean();
    expect(audit).toMatchObject({ actor: { name: 'Ada Admin' }, after: { month, paid: true, payment_reference: 'BACS 0042' } });

    // A charge recorded after it was paid is owed again.
    await Visit.updateOne({ user: alice.id, day: day(28) }, { $set: { late_charge_pence: 3150 } });
    expect((await s.call('GET', `/api/user/statements?month=${month}`, { token: alice.token })).body.owed_pence).toBe(3150 + vat(3150));
    await Visit.updateOne({ user: alice.id, day: day(28) }, { $unset: { late_charge_pence: '' } });

    const unpaid = await pay({ customer_id: alice.id, month, paid: false });
    expect(unpaid.body).toMatchObject({ payment: { paid: false } });
    expect(unpaid.body.owed_pence).toBeGreaterThan(0);
    expect(await AuditLog.exists({ action: 'statement.unpaid', 'target.id': alice.id })).toBeTruthy();
  });

  it('exports the month as CSV a real parser reads: totals match, formulas neutralised', async () => {
    expect((await s.call('GET', `/api/admin/statements.csv?month=${month}`, { token: cast.employee.token })).status).toBe(403);
    expect((await s.call('GET', '/api/admin/statements.csv?month=2026-00', { token: cast.admin.token })).status).toBe(400);
    const res = await s.call('GET', `/api/admin/statements.csv?month=${month}`, { token: cast.admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toContain(`statements-${month}.csv`);
    const rows: Record<string, string>[] = parse(res.body as string, { columns: true });
    expect(Object.keys(rows[0])).toEqual(['date', 'customer', 'reference', 'visit', 'description', 'net_pence', 'vat_pence']);
    // Alice 4 cleans + 1 charge, Bob 2 cleans + 1 charge, Eve 1 clean; nothing for the free skips.
    expect(rows).toHaveLength(9);
    const office = (await s.call('GET', `/api/admin/statements?month=${month}`, { token: cast.admin.token })).body;
    const sum = (k: string) => rows.reduce((n, r) => n + Number(r[k]), 0);
    expect(sum('net_pence') + sum('vat_pence')).toBe(office.totals.total_pence);
    for (const r of office.statements) {
      const mine = rows.filter((x) => x.customer === r.customer.name || x.customer === `'${r.customer.name}`);
      expect(mine.reduce((n, x) => n + Number(x.net_pence) + Number(x.vat_pence), 0)).toBe(r.total_pence);
    }
    const evil = rows.find((r) => r.customer.includes('cmd'))!;
    expect(evil.customer).toBe("'=cmd|' /C calc'!A0");
    expect(rows.every((r) => /^\d{4}-\d\d-\d\d$/.test(r.date) && /^SC-/.test(r.reference))).toBe(true);
  });
});

describe('the e-mail on the 1st', () => {
  it('goes once per customer and month across two runners on one database, and respects the choice', async () => {
    const prefs = await s.call('PUT', '/api/user/notification-preferences', { token: bob.token, json: { statements: { email: false, push: false } } });
    expect(prefs.status).toBe(200);
    // A second instance: its own runner (another owner) on the same database, the same job kinds.
    const other = createJobRunner({ clock: s.deps.clock, log: s.deps.log, pollMs: 0, leaseMs: 60_000 });
    await startStatementJobs({ ...s.deps, jobs: other }, false);
    const seen = s.mail.mails.length;
    // Both plan the month (it ended, so the run on the 1st is due now), and plan it again.
    await Promise.all([scheduleStatementMonth(s.deps, month), scheduleStatementMonth({ jobs: other }, month), scheduleStatementMonth(s.deps, month)]);
    for (let i = 0; i < 5; i++) {
      const ran = await Promise.all([s.deps.jobs.tick(), other.tick()]);
      if (ran[0] + ran[1] === 0) break;
    }
    const mails = s.mail.mails.slice(seen).filter((m) => /statement/i.test(m.subject));
    expect(mails.filter((m) => m.to === alice.email)).toHaveLength(1);
    expect(mails.filter((m) => m.to === eve.email)).toHaveLength(1);
    expect(mails.filter((m) => m.to === bob.email)).toHaveLength(0);
    const a = mails.find((m) => m.to === alice.email)!;
    expect(a.text).toContain('4 visits done, 2 skipped, 1 cancelled');
    expect(a.text).toContain(`/statements?month=${month}`);
    expect(a.headers['list-unsubscribe']).toBeTruthy();
    expect(await Statement.exists({ user: alice.id, month, emailed_at: { $ne: null } })).toBeTruthy();
    // Planned again later (a restart, the other instance): nothing more is sent.
    await scheduleStatementMonth(s.deps, month);
    await s.deps.jobs.schedule({ key: `statement:${alice.id}:${month}`, kind: 'statement-mail', runAt: new Date(), payload: { userId: alice.id, month } });
    await Promise.all([s.deps.jobs.tick(), other.tick()]);
    expect(s.mail.mails.slice(seen).filter((m) => m.to === alice.email && /statement/i.test(m.subject))).toHaveLength(1);
    await other.stop();
  });
});
