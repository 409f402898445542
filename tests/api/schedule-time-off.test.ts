// The office's schedule and time off: the window limit, clashes counting estimated hours, time off
// (approve turns exactly the visits inside into needs cover; decline changes nothing), and cover assigned
// by the office racing a cleaner taking the same cover job (one wins; the customer is told who comes).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Visit } from '../../api/src/models/Visit';
import { makeEmployee, type TestEmployee } from './employee-fixtures';
import { dayAhead, type VisitsServer } from './visits-fixtures';
import { emptySchedule, placePlan, scheduleOf, startScheduleServer, stopScheduleServer } from './schedule-fixtures';

let v: VisitsServer;
let admin: TestEmployee;
beforeAll(async () => {
  ({ v, admin } = await startScheduleServer());
});
beforeEach(() => emptySchedule(v));
afterAll(() => stopScheduleServer(v));

const call = (method: string, url: string, json?: unknown, token = admin.token) => v.s.call(method, url, { token, json });
const schedule = (q: string) => scheduleOf(call, q);
const snapshot = async () => JSON.stringify(await Visit.find({}, { updated_at: 0 }).sort({ _id: 1 }).lean());

describe('GET /api/admin/schedule', () => {
  it('answers at most 14 days: 14 is fine, 15 is a 400 saying so; bad filters are 400s', async () => {
    expect((await call('GET', `/api/admin/schedule?from=${dayAhead(0)}&to=${dayAhead(13)}`)).status).toBe(200);
    const long = await call('GET', `/api/admin/schedule?from=${dayAhead(0)}&to=${dayAhead(14)}`);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toMatch(/at most 14 days/);
    expect((await call('GET', `/api/admin/schedule?from=${dayAhead(3)}&to=${dayAhead(1)}`)).status).toBe(400);
    expect((await call('GET', '/api/admin/schedule?area=N1')).status).toBe(400);
    expect((await call('GET', '/api/admin/schedule?employee=x')).status).toBe(400);
  });

  it('marks clashes counting estimated hours: the plan’s own, else the rooms table; filters by cleaner and area', async () => {
    const cleo = await makeEmployee(v.s, { name: 'Cleo Clash' });
    const date = dayAhead(4);
    // 2 bed / 1 bath → 2.5 h by the table: 09:00–11:30 overlaps 10:30–13:00; 13:30 overlaps neither.
    const a = await placePlan(v.s, cleo, { date, time: '09:00', frequency: 'One-time clean', name: 'Amy Early' });
    const b = await placePlan(v.s, cleo, { date, time: '10:30', frequency: 'One-time clean', postcode: 'EH11YZ' });
    const c = await placePlan(v.s, cleo, { date, time: '13:30', frequency: 'One-time clean', bedrooms: '5+' });
    let week = await schedule(`from=${date}&to=${date}`);
    const row = week.cleaners.findIndex((x) => x.id === cleo.id);
    const of = (id: string) => week.visits.find((x) => x.id === String(id))!;
    const ids = async () =>
      Object.fromEntries((await Visit.find({ plan: { $in: [a.bookingId, b.bookingId, c.bookingId] } }).lean()).map((x) => [String(x.plan), String(x._id)]));
    const vid = await ids();
    expect(of(vid[a.bookingId])).toMatchObject({
      cleaner: row,
      date,
      time: '09:00',
      hours: 2.5,
      customer: 'Amy Early',
      outward_code: 'N1',
      state: 'scheduled',
      clash: true,
    });
    expect(of(vid[b.bookingId])).toMatchObject({ time: '10:30', outward_code: 'EH1', clash: true });
    expect(of(vid[c.bookingId]).clash).toBeUndefined();
    expect(of(vid[c.bookingId]).hours).toBe(4);
    // The office says the first visit takes 1.5 h: it ends at 10:30, so no clash any more.
    expect((await call('PATCH', `/api/admin/plans/${a.bookingId}`, { estimated_hours: 1.5 })).status).toBe(200);
    week = await schedule(`from=${date}&to=${date}`);
    expect(of(vid[a.bookingId])).toMatchObject({ hours: 1.5 });
    expect(of(vid[a.bookingId]).clash).toBeUndefined();
    expect(of(vid[b.bookingId]).clash).toBeUndefined();
    const edinburgh = await schedule(`from=${date}&to=${date}&area=eh`);
    expect(edinburgh.visits.map((x) => x.id)).toEqual([vid[b.bookingId]]);
    const one = await schedule(`from=${date}&to=${date}&employee=${cleo.id}`);
    expect(one.cleaners).toEqual([{ id: cleo.id, name: 'Cleo Clash' }]);
    expect(one.visits).toHaveLength(3);
  });
});

describe('time off and cover', () => {
  it('approving turns exactly the cleaner’s visits inside it into needs cover, listed and offered as cover jobs; nothing else changes', async () => {
    const cleo = await makeEmployee(v.s, { name: 'Cleo Away' });
    const olly = await makeEmployee(v.s, { name: 'Olly Other' });
    const mine = await placePlan(v.s, cleo, { date: dayAhead(3) });
    await placePlan(v.s, olly, { date: dayAhead(10) });
    const asked = await call('POST', '/api/employee/time-off', { from: dayAhead(10), to: dayAhead(17), note: 'Holiday' }, cleo.token);
    expect(asked.status).toBe(201);
    expect(asked.body.time_off).toMatchObject({ state: 'requested', from: dayAhead(10), to: dayAhead(17) });
    const before = await Visit.find({}).sort({ _id: 1 }).lean();
    const inside = before.filter((x) => String(x.plan) === mine.bookingId && x.day >= dayAhead(10) && x.day <= dayAhead(17));
    expect(inside).toHaveLength(2);

    const list = await call('GET', '/api/admin/time-off?state=requested');
    expect(list.body.time_off).toEqual([expect.objectContaining({ id: asked.body.time_off.id, employee_name: 'Cleo Away', note: 'Holiday' })]);
    const seen = v.s.mail.mails.length;
    const ok = await call('POST', `/api/admin/time-off/${asked.body.time_off.id}/approve`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ needs_cover: 2, time_off: { state: 'approved' } });
    await v.s.mail.waitFor(cleo.email, { subject: /time off is approved/, after: seen });

    const after = await Visit.find({}).sort({ _id: 1 }).lean();
    const changed = after.filter((x, i) => JSON.stringify(x) !== JSON.stringify(before[i]));
    expect(changed.map((x) => String(x._id)).sort()).toEqual(inside.map((x) => String(x._id)).sort());
    for (const x of changed) expect(x).toMatchObject({ employee: null, needs_cover: true, state: 'scheduled' });
    // Decided once.
    expect((await call('POST', `/api/admin/time-off/${asked.body.time_off.id}/decline`)).status).toBe(409);

    const week = await schedule(`from=${dayAhead(10)}&to=${dayAhead(17)}`);
    expect(week.visits.filter((x) => x.needs_cover).map((x) => x.id).sort()).toEqual(inside.map((x) => String(x._id)).sort());
    const cover = await call('GET', '/api/employee/available-visits', undefined, olly.token);
    expect(cover.body.visits.map((x: { id: string; }) => x.id)).toEqual(expect.arrayContaining(inside.map((x) => String(x._id))));
    const mineNow = await call('GET', '/api/employee/time-off', undefined, cleo.token);
    expect(mineNow.body.time_off[0]).toMatchObject({ state: 'approved' });
  });

  it('declining changes nothing but the request; the cleaner is mailed', async () => {
    const cleo = await makeEmployee(v.s, { name: 'Cleo Stays' });
    await placePlan(v.s, cleo, { date: dayAhead(3) });
    const asked = await call('POST', '/api/employee/time-off', { from: dayAhead(3), to: dayAhead(20) }, cleo.token);
    const before = await snapshot();
    const seen = v.s.mail.mails.length;
    const res = await call('POST', `/api/admin/time-off/${asked.body.time_off.id}/decline`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ needs_cover: 0, time_off: { state: 'declined' } });
    expect(await snapshot()).toBe(before);
    await v.s.mail.waitFor(cleo.email, { subject: /declined/, after: seen });
  });

  it('cover: the office assigning races a cleaner taking the same cover job — one wins, the loser 409; the customer is told who comes, once', async () => {
    const cleo = await makeEmployee(v.s, { name: 'Cleo Away' });
    const olly = await makeEmployee(v.s, { name: 'Olly Office' });
    const tess = await makeEmployee(v.s, { name: 'Tess Taker' });
    const p = await placePlan(v.s, cleo, { date: dayAhead(5) });
    const entered = await call('POST', `/api/admin/employees/${cleo.id}/time-off`, { from: dayAhead(5), to: dayAhead(5) });
    expect(entered.status).toBe(201);
    expect(entered.body).toMatchObject({ needs_cover: 1, time_off: { state: 'approved' } });
    const target = (await Visit.findOne({ plan: p.bookingId, needs_cover: true }).lean())!;
    const seen = v.s.mail.mails.length;
    const answers = await Promise.all([
      call('PATCH', `/api/admin/visits/${target._id}`, { employee_id: olly.id, version: target.version }),
      call('POST', `/api/employee/visits/${target._id}/accept`, undefined, tess.token),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? olly : tess;
    const after = (await Visit.findById(target._id).lean())!;
    expect(String(after.employee)).toBe(winner.id);
    const told = await v.s.mail.waitFor(p.customer.email, { subject: /Your cleaner for/, after: seen });
    expect(told.text).toContain(`${winner.name.split(' ')[0]} will clean instead`);
    await expect.poll(async () => (await Visit.findById(target._id).lean())!.needs_cover).toBeUndefined();
    expect(v.s.mail.mails.slice(seen).filter((m) => m.to === p.customer.email && /Your cleaner for/.test(m.subject))).toHaveLength(1);
  });

  it('refuses time off in the past, backwards or too long; a request for nobody is a 404', async () => {
    const cleo = await makeEmployee(v.s);
    expect((await call('POST', '/api/employee/time-off', { from: dayAhead(-5), to: dayAhead(-2) }, cleo.token)).status).toBe(400);
    expect((await call('POST', '/api/employee/time-off', { from: dayAhead(5), to: dayAhead(2) }, cleo.token)).status).toBe(400);
    expect((await call('POST', '/api/employee/time-off', { from: dayAhead(1), to: dayAhead(100) }, cleo.token)).status).toBe(400);
    expect((await call('POST', '/api/admin/employees/0123456789abcdef01234567/time-off', { from: dayAhead(1), to: dayAhead(2) })).status).toBe(404);
    expect((await call('POST', '/api/admin/time-off/0123456789abcdef01234567/approve')).status).toBe(404);
  });
});
