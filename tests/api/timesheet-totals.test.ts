// The timesheets' running totals (models/TimesheetTotal.ts) after random writes (fast-check): rows of
// bookings and visits on random days across month ends, then random reviews and corrections through
// the routes. The stored day / ten-day / month documents must equal a full recount from the rows, and
// the list's count and totals (for each filter and period) must equal sums over the rows themselves.
// The recount command corrects documents a write never reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import mongoose from 'mongoose';
import { Booking } from '../../api/src/models/Booking';
import { TimesheetTotal } from '../../api/src/models/TimesheetTotal';
import { Visit } from '../../api/src/models/Visit';
import { recountSheetTotals } from '../../api/src/services/office/timesheet-totals';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
let cleaners: TestEmployee[];
let customer: { id: string; token: string; };

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  admin = await makeEmployee(srv, { role: 'admin', name: 'Ada Admin' });
  cleaners = [await makeEmployee(srv, { name: 'Ann Cleaner' }), await makeEmployee(srv, { name: 'Bob Cleaner' })];
  customer = await makeCustomer(srv);
});
afterAll(async () => {
  await srv?.close();
});

type Row = { id: string; visit: boolean; emp: TestEmployee; at: string; };
const rows: Row[] = [];
const DAYS = ['2026-01-09', '2026-01-10', '2026-01-11', '2026-01-20', '2026-01-21', '2026-01-31', '2026-02-01', '2026-02-11', '2026-02-28', '2026-03-01'];

async function addRow(visit: boolean, emp: TestEmployee, day: string, hours: number): Promise<void> {
  const at = `${day}T${String(8 + rows.length % 12).padStart(2, '0')}:15:00.000Z`;
  const work = {
    work_submitted: true,
    submitted_work_hours: hours,
    submitted_at: new Date(at),
    timesheet_status: 'submitted' as const,
    completion_notes: 'Done',
  };
  if (!visit) {
    rows.push({
      id: await makeBooking(customer.id, { status: 'completed', accepted_by: emp.id, accepted_at: new Date(Date.parse(at) - 86_400_000), ...work }),
      visit,
      emp,
      at,
    });
    return;
  }
  const plan = await makeBooking(customer.id, { status: 'completed', accepted_by: emp.id });
  const v = await Visit.create({
    plan,
    user: customer.id,
    slot: day,
    start: new Date(Date.parse(at) - 3600_000),
    day,
    employee: emp.id,
    state: 'completed',
    on_booking: false,
    ...work,
  });
  rows.push({ id: String(v._id), visit, emp, at });
}

const review = (r: Row, how: 'approve' | 'query') =>
  srv.call('POST', `/api/admin/timesheets/${r.id}/${how}`, { token: admin.token, json: how === 'query' ? { message: 'Check the hours' } : undefined });
const correct = (r: Row, hours: number) =>
  srv.call('PUT', r.visit ? `/api/employee/visits/${r.id}/work` : `/api/employee/work-submissions/${r.id}`, {
    token: r.emp.token,
    json: { work_hours: hours },
  });

/** The list's answer recomputed from the rows as stored. */
async function fromRows(from: string, to: string, employee?: string, status?: string) {
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000);
  const match = { work_submitted: true, submitted_at: { $gte: new Date(`${from}T00:00:00Z`), $lt: end } };
  const docs = [
    ...(await Booking.find(match).lean()).map((b) => ({ e: String(b.accepted_by), s: b.timesheet_status ?? 'submitted', h: b.submitted_work_hours ?? 0 })),
    ...(await Visit.find({ ...match, on_booking: { $ne: true } }).lean()).map((v) => ({
      e: String(v.employee),
      s: v.timesheet_status ?? 'submitted',
      h: v.submitted_work_hours ?? 0,
    })),
  ].filter((d) => (!employee || d.e === employee) && (!status || d.s === status));
  const by = new Map<string, { submissions: number; hours: number; approved_hours: number; }>();
  for (const d of docs) {
    const t = by.get(d.e) ?? { submissions: 0, hours: 0, approved_hours: 0 };
    t.submissions++;
    t.hours += d.h;
    if (d.s === 'approved') t.approved_hours += d.h;
    by.set(d.e, t);
  }
  return { total: docs.length, totals: [...by].map(([id, t]) => ({ id, ...t })).sort((a, b) => a.id.localeCompare(b.id)) };
}

async function expectAgreement(): Promise<void> {
  expect(await recountSheetTotals({ check: true })).toEqual([]);
  const periods = [['2026-01-01', '2026-03-31'], ['2026-01-10', '2026-02-11'], ['2026-01-21', '2026-01-31'], ['2026-02-01', '2026-02-28'], [
    '2026-01-11',
    '2026-01-11',
  ]];
  for (const [from, to] of periods) {
    for (const employee of [undefined, cleaners[0].id]) {
      for (const status of [undefined, 'submitted', 'queried', 'approved']) {
        const qs = new URLSearchParams({ from, to, limit: '100', ...(employee ? { employee } : {}), ...(status ? { status } : {}) });
        const res = await srv.call('GET', `/api/admin/timesheets?${qs}`, { token: admin.token });
        expect(res.status).toBe(200);
        const want = await fromRows(from, to, employee, status);
        const got = (res.body.totals as Array<{ employee: { id: string; }; submissions: number; hours: number; approved_hours: number; }>).map((t) => ({
          id: t.employee.id,
          submissions: t.submissions,
          hours: t.hours,
          approved_hours: t.approved_hours,
        }));
        expect({ total: res.body.total, totals: got.sort((a, b) => a.id.localeCompare(b.id)) }, qs.toString()).toEqual(want);
        expect(res.body.timesheets).toHaveLength(Math.min(100, want.total));
      }
    }
  }
}

const hours = fc.integer({ min: 1, max: 16 }).map((n) => n / 2);
const action = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), visit: fc.boolean(), emp: fc.nat(1), day: fc.constantFrom(...DAYS), hours }),
  fc.record({ kind: fc.constantFrom('approve' as const, 'query' as const), row: fc.nat() }),
  fc.record({ kind: fc.constant('correct' as const), row: fc.nat(), hours }),
);

describe('timesheet running totals', () => {
  it('equal a full recount and the rows themselves after random submissions, reviews and corrections', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 12 }), async (actions) => {
        for (const a of actions) {
          if (a.kind === 'add') await addRow(a.visit, cleaners[a.emp], a.day, a.hours);
          else if (rows.length) {
            const r = rows[a.row % rows.length];
            // Refused ones (already approved, locked) change nothing: the totals must say so too.
            if (a.kind === 'correct') await correct(r, a.hours);
            else await review(r, a.kind);
          }
        }
        await expectAgreement();
      }),
      { numRuns: 6 },
    );
  }, 240_000);

  it('the recount corrects documents a write never reached, and is then clean', async () => {
    if (!rows.length) await addRow(false, cleaners[0], '2026-01-20', 2);
    const day = `d:${rows[0].at.slice(0, 10)}`;
    await TimesheetTotal.collection.updateOne({ _id: day } as never, { $inc: { [`e.x${rows[0].emp.id}.sn`]: 5 } });
    await TimesheetTotal.collection.insertOne({ _id: 'd:2026-01-05', e: { [`x${new mongoose.Types.ObjectId()}`]: { sn: 1, sh: 2 } }, v: 0 } as never);
    expect((await recountSheetTotals({ check: true })).sort()).toEqual(['d:2026-01-05', day].sort());
    expect((await recountSheetTotals()).sort()).toEqual(['d:2026-01-05', day].sort());
    await expectAgreement();
  }, 60_000);
});
