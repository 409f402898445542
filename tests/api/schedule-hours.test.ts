// The plan's estimated hours set by the office (PATCH /api/admin/plans/{id}): validated, audited, used
// by the schedule and its clashes at once, null back to the rooms' table; and the schedule's answers in
// whole rows (next_row), which together give the window exactly once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { AuditLog } from '../../api/src/models/AuditLog';
import { Plan } from '../../api/src/models/Plan';
import { Visit } from '../../api/src/models/Visit';
import { buildSchedule } from '../../api/src/services/schedule/schedule';
import { makeEmployee, type TestEmployee } from './employee-fixtures';
import { dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';
import { placePlan } from './schedule-fixtures';

let v: VisitsServer;
let admin: TestEmployee;
beforeAll(async () => {
  v = await startVisitsServer();
  admin = await makeEmployee(v.s, { name: 'Hal Hours', role: 'admin' });
});
beforeEach(async () => {
  await Visit.deleteMany({});
  await Plan.deleteMany({});
});
afterAll(async () => {
  await v?.s.close();
});

const call = (method: string, url: string, json?: unknown, token = admin.token) => v.s.call(method, url, { token, json });
type Answer = {
  next_row: number | null;
  cleaners: Array<{ id: string; name: string; }>;
  visits: Array<{ id: string; plan: string; cleaner: number; hours: number; hours_set?: true; clash?: true; }>;
};
const day = async (date: string) => (await call('GET', `/api/admin/schedule?from=${date}&to=${date}`)).body as Answer;

describe('PATCH /api/admin/plans/{id}: estimated hours', () => {
  it('sets the hours every visit of the plan shows, clashes count them, null goes back to the rooms; audited', async () => {
    const cleo = await makeEmployee(v.s, { name: 'Cleo Hours' });
    const date = dayAhead(4);
    // 2 bed / 1 bath → 2.5 h by the table: 09:00–11:30 and 12:00 do not overlap.
    const a = await placePlan(v.s, cleo, { date, time: '09:00', frequency: 'Weekly', name: 'Amy Long' });
    const b = await placePlan(v.s, cleo, { date, time: '12:00', frequency: 'One-time clean' });
    let week = await day(date);
    const of = (plan: string) => week.visits.find((x) => x.plan === plan)!;
    expect(of(a.bookingId)).toMatchObject({ hours: 2.5 });
    expect(of(a.bookingId).hours_set).toBeUndefined();
    expect(of(a.bookingId).clash).toBeUndefined();

    const set = await call('PATCH', `/api/admin/plans/${a.bookingId}`, { estimated_hours: 3.5 });
    expect(set.status).toBe(200);
    expect(set.body.plan).toEqual({ id: a.bookingId, estimated_hours: 3.5, rooms_hours: 2.5, hours: 3.5 });
    expect(set.body.message).toMatch(/3\.5 h/);
    week = await day(date);
    expect(of(a.bookingId)).toMatchObject({ hours: 3.5, hours_set: true, clash: true });
    expect(of(b.bookingId)).toMatchObject({ clash: true });
    // Every visit of the plan: next week's too.
    const next = await day(dayAhead(11));
    expect(next.visits.find((x) => x.plan === a.bookingId)).toMatchObject({ hours: 3.5, hours_set: true });
    const log = await AuditLog.findOne({ action: 'plan.estimated-hours', 'target.id': a.bookingId }).lean();
    expect(log).toMatchObject({ before: { hours: null }, after: { hours: 3.5 }, actor: { id: admin.id } });

    const reset = await call('PATCH', `/api/admin/plans/${a.bookingId}`, { estimated_hours: null });
    expect(reset.status).toBe(200);
    expect(reset.body.plan).toMatchObject({ estimated_hours: null, hours: 2.5 });
    week = await day(date);
    expect(of(a.bookingId).hours).toBe(2.5);
    expect(of(a.bookingId).hours_set).toBeUndefined();
    expect(of(a.bookingId).clash).toBeUndefined();
    expect((await Plan.findById(a.bookingId).lean())?.estimated_hours).toBeUndefined();
  });

  it('refuses hours out of range or not in half hours, other fields, an unknown plan, and a cleaner; nothing changes', async () => {
    const cleo = await makeEmployee(v.s, { name: 'Cleo Checks' });
    const a = await placePlan(v.s, cleo, { date: dayAhead(3) });
    const before = JSON.stringify(await Plan.findById(a.bookingId).lean());
    for (
      const body of [{ estimated_hours: 0 }, { estimated_hours: 12.5 }, { estimated_hours: 2.25 }, { estimated_hours: '3' }, {}, {
        estimated_hours: 2,
        version: 1,
      }]
    ) {
      const res = await call('PATCH', `/api/admin/plans/${a.bookingId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PATCH', `/api/admin/plans/${a.bookingId}`, { estimated_hours: 0.25 })).body.message ?? '').toBeTruthy();
    expect((await call('PATCH', `/api/admin/plans/${new mongoose.Types.ObjectId()}`, { estimated_hours: 2 })).status).toBe(404);
    expect((await call('PATCH', `/api/admin/plans/${a.bookingId}`, { estimated_hours: 2 }, cleo.token)).status).toBe(403);
    expect(JSON.stringify(await Plan.findById(a.bookingId).lean())).toBe(before);
  });
});

describe('GET /api/admin/schedule in whole rows', () => {
  it('answers from `row` until the visit budget, whole rows each time; the answers together are the window once', async () => {
    const date = dayAhead(5);
    const team = [await makeEmployee(v.s, { name: 'Row Ann' }), await makeEmployee(v.s, { name: 'Row Ben' }), await makeEmployee(v.s, { name: 'Row Cat' })];
    for (const [i, who] of team.entries()) {
      for (let k = 0; k < 2; k++) await placePlan(v.s, who, { date, time: `${10 + 2 * k}:0${i}`, frequency: 'One-time clean' });
    }
    const whole = await buildSchedule({ from: date, to: date }, new Date(), {});
    expect(whole.next_row).toBeNull();
    expect(whole.visits).toHaveLength(6);
    // A budget of 2 visits: each answer stops after the row that reached it.
    const seen: string[] = [];
    const rows: string[][] = [];
    let row: number | null = 0;
    for (let n = 0; row !== null && n < 50; n++) {
      const page: Awaited<ReturnType<typeof buildSchedule>> = await buildSchedule({ from: date, to: date, row }, new Date(), {}, 2);
      expect(page.visits.length).toBeLessThanOrEqual(4);
      seen.push(...page.visits.map((x) => x.id));
      rows.push([...new Set(page.visits.map((x) => page.cleaners[x.cleaner].name))]);
      row = page.next_row;
    }
    expect(seen.sort()).toEqual(whole.visits.map((x) => x.id).sort());
    // Each cleaner's visits came in one answer.
    for (const who of team) expect(rows.filter((r) => r.includes(who.name))).toHaveLength(1);
    const api = await call('GET', `/api/admin/schedule?from=${date}&to=${date}&row=1`);
    expect(api.status).toBe(200);
    expect((await call('GET', `/api/admin/schedule?row=-1`)).status).toBe(400);
    expect((await call('GET', `/api/admin/schedule?row=x`)).status).toBe(400);
  });
});
