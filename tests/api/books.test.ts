// The books through the API: a customer's balance is their charges less their payment lines; the
// office records payments by hand; a bank statement's credits are matched by reference or by exactly one
// open balance, never recorded twice (same file, overlapping file, two clicks), and a file that cannot
// be read changes nothing; overdue statements are mailed once; the accountant's exports add up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { parse } from 'csv-parse/sync';
import { londonWallTime } from '@shared/when';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';
import { officeCast, type OfficeCast } from './admin-fixtures';
import { LedgerPayment } from '../../api/src/models/LedgerPayment';
import { Statement } from '../../api/src/models/Statement';
import { Visit } from '../../api/src/models/Visit';
import { sendOverdueReminder } from '../../api/src/services/ledger/overdue';

let s: TestServer;
let cast: OfficeCast;
let cleaner: TestEmployee;
type Customer = Awaited<ReturnType<typeof makeCustomer>>;
let alice: Customer;
let bob: Customer;
let carl: Customer;
const month = '2026-10';
const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;

async function visit(c: Customer, plan: mongoose.Types.ObjectId, d: number, price: number) {
  await Visit.create({
    plan,
    user: c.id,
    reference: `SC-${String(plan).slice(-5).toUpperCase()}`,
    slot: day(d),
    day: day(d),
    start: new Date(londonWallTime(day(d), '09:00')!),
    employee: cleaner.id,
    state: 'completed',
    price_pence: price,
  });
}

async function upload(csv: string, token = cast.admin.token, name = 'statement.csv') {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), name);
  return s.call('POST', '/api/admin/bank-imports', { token, body: form });
}

beforeAll(async () => {
  s = await startTestServer({ JOBS_POLL_MS: '0' });
  cast = await officeCast(s);
  cleaner = await makeEmployee(s, { name: 'Cleo Cleaner' });
  alice = await makeCustomer(s, { name: 'Alice Weekly' });
  bob = await makeCustomer(s, { name: 'Bob Balance' });
  carl = await makeCustomer(s, { name: 'Carl Cash' });
  const [pa, pb, pc] = [new mongoose.Types.ObjectId(), new mongoose.Types.ObjectId(), new mongoose.Types.ObjectId()];
  for (const d of [1, 8, 15, 22]) await visit(alice, pa, d, 30_000);
  await visit(bob, pb, 5, 7_777);
  await visit(carl, pc, 6, 5_000);
});
afterAll(async () => {
  await s?.close();
});

describe('balances and payments by hand', () => {
  it('owes what was charged, and a recorded payment is a line that lowers it', async () => {
    const before = await s.call('GET', '/api/user/balance', { token: carl.token });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ owed_pence: 5_000, charged_pence: 5_000, paid_pence: 0 });
    expect(before.body.reference).toMatch(/^SC-[0-9A-Z]{5}$/);
    // Bad input changes nothing; a cleaner may not record money.
    const lines = await LedgerPayment.countDocuments();
    for (
      const json of [
        { method: 'card', amount_pence: 100, date: '2026-11-01' },
        { method: 'cash', amount_pence: 0, date: '2026-11-01' },
        { method: 'cash', amount_pence: 1.5, date: '2026-11-01' },
        { method: 'cash', amount_pence: 100, date: '2026-02-30' },
        { method: 'cash', amount_pence: 100, date: '2099-01-01' },
      ]
    ) {
      expect((await s.call('POST', `/api/admin/customers/${carl.id}/payments`, { token: cast.admin.token, json })).status).toBe(400);
    }
    expect(
      (await s.call('POST', `/api/admin/customers/${carl.id}/payments`, {
        token: cast.employee.token,
        json: { method: 'cash', amount_pence: 100, date: '2026-11-01' },
      })).status,
    ).toBe(403);
    expect(await LedgerPayment.countDocuments()).toBe(lines);

    const paid = await s.call('POST', `/api/admin/customers/${carl.id}/payments`, {
      token: cast.admin.token,
      json: { method: 'cash', amount_pence: 2_000, date: '2026-11-01', note: 'Left on the table' },
    });
    expect(paid.status).toBe(201);
    const after = await s.call('GET', '/api/user/balance', { token: carl.token });
    expect(after.body).toMatchObject({ owed_pence: 3_000, paid_pence: 2_000 });
    expect(after.body.lines.map((l: { kind: string; amount_pence: number; }) => [l.kind, l.amount_pence])).toEqual([['payment', 2_000], ['charge', 5_000]]);
    const statement = await s.call('GET', `/api/user/statements?month=${month}`, { token: carl.token });
    expect(statement.body).toMatchObject({ owed_pence: 3_000, payment: { paid: false, paid_pence: 2_000 } });
  });
});

describe('bank statement imports', () => {
  let aliceRef: string;
  let csv: string;
  it('matches by the statement reference and by the one open balance, and leaves the rest waiting', async () => {
    aliceRef = (await s.call('GET', `/api/user/statements?month=${month}`, { token: alice.token })).body.reference;
    expect(aliceRef).toMatch(/^SC-[0-9A-Z]{5}-2610$/);
    csv = [
      'Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP)',
      `02/11/2026,A WEEKLY,${aliceRef.toLowerCase().replaceAll('-', ' ')},FASTER PAYMENT,"1,200.00",1000.00`,
      '03/11/2026,B BALANCE,NOVEMBER CLEAN,FASTER PAYMENT,77.77,1077.77',
      '03/11/2026,Office Supplies Ltd,INV 553,CARD PAYMENT,-45.20,1032.57',
      '04/11/2026,Someone,THANKS,FASTER PAYMENT,12.34,1044.91',
    ].join('\n');
    const res = await upload(csv);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ lines: 3, matched: 2, unmatched: 1, duplicates: 0 });
    expect((await s.call('GET', `/api/user/statements?month=${month}`, { token: alice.token })).body.payment).toMatchObject({ paid: true });
    expect((await s.call('GET', '/api/user/balance', { token: bob.token })).body.owed_pence).toBe(0);

    const detail = await s.call('GET', `/api/admin/bank-imports/${res.body.id}`, { token: cast.admin.token });
    const waiting = detail.body.items.find((l: { state: string; }) => l.state === 'unmatched');
    expect(waiting).toMatchObject({ amount_pence: 1_234, date: '2026-11-04' });
    // The office matches it to Carl; a second click (or a dismiss) is refused and records nothing more.
    const [one, two] = await Promise.all([
      s.call('POST', `/api/admin/bank-imports/${res.body.id}/lines/${waiting.n}/match`, { token: cast.admin.token, json: { customer_id: carl.id } }),
      s.call('POST', `/api/admin/bank-imports/${res.body.id}/lines/${waiting.n}/match`, { token: cast.admin.token, json: { customer_id: carl.id } }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    expect((await s.call('POST', `/api/admin/bank-imports/${res.body.id}/lines/${waiting.n}/dismiss`, { token: cast.admin.token })).status).toBe(409);
    expect((await s.call('GET', '/api/user/balance', { token: carl.token })).body.owed_pence).toBe(3_000 - 1_234);
  });

  it('never records a credit twice: the same file again, or one that overlaps it', async () => {
    const lines = await LedgerPayment.countDocuments();
    const again = await upload(csv);
    expect(again.body).toMatchObject({ lines: 3, matched: 0, duplicates: 3 });
    const overlapping = csv.split('\n').slice(0, 3).join('\n') + '\n05/11/2026,A WEEKLY,TIP,FASTER PAYMENT,5.00,1049.91';
    const third = await upload(overlapping);
    expect(third.body).toMatchObject({ lines: 3, duplicates: 2, unmatched: 1 });
    expect(await LedgerPayment.countDocuments()).toBe(lines);
  });

  it('refuses a file it cannot read, naming the line and column, and changes nothing', async () => {
    const lines = await LedgerPayment.countDocuments();
    const bad = await upload(`Date,Description,Amount\n02/11/2026,${aliceRef},10.00\n2026-13-01,x,5.00\n`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Line 3, column "Date"');
    expect(await LedgerPayment.countDocuments()).toBe(lines);
    expect((await upload('x', cast.employee.token)).status).toBe(403);
    expect((await s.call('POST', '/api/admin/bank-imports', { token: cast.admin.token, json: {} })).status).toBe(400);
  });
});

describe('overdue statements', () => {
  it('are mailed once with the amount, reference and bank details, and listed oldest first', async () => {
    expect(
      (await s.call('PUT', '/api/admin/bank-details', {
        token: cast.admin.token,
        json: { account_name: 'X', sort_code: '12-34-56', account_number: '12345678' },
      })).status,
    ).toBe(403);
    expect(
      (await s.call('PUT', '/api/admin/bank-details', {
        token: cast.superAdmin.token,
        json: { account_name: 'Sparkle', sort_code: '12-34-5', account_number: '12345678' },
      })).status,
    ).toBe(400);
    expect(
      (await s.call('PUT', '/api/admin/bank-details', {
        token: cast.superAdmin.token,
        json: { account_name: 'SparkleClean Ltd', sort_code: '12-34-56', account_number: '12345678' },
      })).status,
    ).toBe(200);
    const now = s.deps.clock.now().getTime();
    await Statement.create({ user: carl.id, month, emailed_at: new Date(now - 15 * 86_400_000) });
    await Statement.create({ user: alice.id, month, emailed_at: new Date(now - 20 * 86_400_000) });
    const list = await s.call('GET', '/api/admin/statements?status=overdue', { token: cast.admin.token });
    expect(list.status).toBe(200);
    // Alice paid in full: only Carl is overdue.
    expect(list.body.statements.map((r: { customer: { id: string; }; }) => r.customer.id)).toEqual([carl.id]);
    const seen = s.mail.mails.length;
    expect(await sendOverdueReminder(s.deps, carl.id, month)).toBe(true);
    expect(await sendOverdueReminder(s.deps, carl.id, month)).toBe(false);
    const mails = s.mail.mails.slice(seen).filter((m) => m.to === carl.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('£17.66');
    expect(mails[0].text).toMatch(/SC-[0-9A-Z]{5}-2610/);
    expect(mails[0].text).toContain('12-34-56');
  });
});

describe('exports for the accountant', () => {
  it('Xero sales and payments and QuickBooks parse back with the month totals', async () => {
    const sales = await s.call('GET', `/api/admin/accounts/export?month=${month}&format=xero&part=sales`, { token: cast.admin.token });
    expect(sales.status).toBe(200);
    const rows = parse(sales.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual([
      'ContactName',
      'EmailAddress',
      'InvoiceNumber',
      'InvoiceDate',
      'DueDate',
      'Description',
      'Quantity',
      'UnitAmount',
      'AccountCode',
      'TaxType',
    ]);
    const total = rows.reduce((n, r) => n + Math.round(Number(r.UnitAmount) * 100), 0);
    expect(total).toBe(4 * 30_000 + 7_777 + 5_000);
    expect(rows[0].InvoiceDate).toBe('31/10/2026');
    expect(rows[0].DueDate).toBe('14/11/2026');
    const qb = parse((await s.call('GET', `/api/admin/accounts/export?month=2026-11&format=quickbooks&part=payments`, { token: cast.admin.token })).body, {
      columns: true,
    }) as Record<string, string>[];
    expect(Object.keys(qb[0])).toEqual(['Date', 'Description', 'Amount']);
    const paidIn = await LedgerPayment.find({ date: { $gte: '2026-11-01', $lt: '2026-12-01' } }).lean();
    expect(qb.reduce((n, r) => n + Math.round(Number(r.Amount) * 100), 0)).toBe(paidIn.reduce((n, p) => n + p.amount_pence, 0));
    expect((await s.call('GET', `/api/admin/accounts/export?month=2026-13&format=xero`, { token: cast.admin.token })).status).toBe(400);
  });
});
