// A visit's checklist on the wire: the cleaner's, the customer's and the office's views carry it; only
// the visit's own cleaner ticks it (another's: 404), a replayed PATCH changes nothing more; the customer
// writes requests until the change cut-off (test clock); hours are refused while a task is neither
// ticked nor explained, on the visit's route and on the booking's own route for a plan's first visit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeCutoff } from '@shared/visits';
import { CHECKLIST_MSG } from '@shared/messages-checklists';
import { Visit } from '../../api/src/models/Visit';
import { makeEmployee, type TestEmployee } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type PlanCast, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
let p: PlanCast;
let office: TestEmployee;
beforeAll(async () => {
  v = await startVisitsServer();
  office = await makeEmployee(v.s, { role: 'admin' });
  const rooms = [{ room: 'Kitchen', tasks: [{ task: 'Worktops' }, { task: 'Oven' }] }, { room: 'Bathroom', tasks: [{ task: 'Toilet' }] }];
  const put = await v.s.call('PUT', '/api/admin/checklists/Standard', { token: office.token, json: { rooms, based_on: 0 } });
  expect(put.status).toBe(200);
});
beforeEach(async () => {
  await v.setOffset(0);
  p = await acceptedPlan(v.s, { date: dayAhead(2) });
});
afterAll(async () => {
  await v?.setOffset(0);
  await v?.s.close();
});

const call = (method: string, url: string, token: string, json?: unknown, headers?: Record<string, string>) => v.s.call(method, url, { token, json, headers });
const visitsOf = async () => (await Visit.find({ plan: p.bookingId }).sort({ slot: 1 }).lean()).map((x) => ({ ...x, id: String(x._id) }));
const window = `from=${dayAhead(0)}&to=${dayAhead(20)}`;
type Item = { id: string; room: string; task: string; done: boolean; note: string; };
const cleanerList = async () => (await call('GET', `/api/employee/visits?${window}`, p.cleaner.token)).body.visits as Array<{ id: string; checklist: Item[]; }>;
const tick = (id: string, items: unknown[], token = p.cleaner.token, key?: string) =>
  call('PATCH', `/api/employee/visits/${id}/checklist`, token, { items }, key ? { 'Idempotency-Key': key } : undefined);

describe('a visit’s checklist', () => {
  it('the cleaner’s, the customer’s and the office’s visit carry checklist [{ id, room, task, done, note }] and requests', async () => {
    const [first] = await cleanerList();
    expect(first.checklist).toEqual([
      { id: expect.any(String), room: 'Kitchen', task: 'Worktops', done: false, note: '' },
      { id: expect.any(String), room: 'Kitchen', task: 'Oven', done: false, note: '' },
      { id: expect.any(String), room: 'Bathroom', task: 'Toilet', done: false, note: '' },
    ]);
    expect(first).toMatchObject({ requests: '' });
    const mine = await call('GET', `/api/user/visits?${window}`, p.customer.token);
    expect(mine.body.visits[0]).toMatchObject({ id: first.id, checklist: first.checklist, requests: '' });
    const booking = await call('GET', `/api/user/bookings/${p.bookingId}`, p.customer.token);
    expect(booking.body.visits[0]).toMatchObject({ id: first.id, checklist: first.checklist });
    const theirs = await call('GET', `/api/admin/visits?${window}`, office.token);
    expect(theirs.body.visits.find((x: { id: string; }) => x.id === first.id)).toMatchObject({ checklist: first.checklist, requests: '' });
    const one = await call('GET', `/api/admin/visits/${first.id}/checklist`, office.token);
    expect(one.body).toMatchObject({ checklist: first.checklist, requests: '' });
    expect((await call('GET', `/api/admin/visits/${first.id}/checklist`, p.cleaner.token)).status).toBe(403);
  });

  it('only the visit’s own cleaner ticks it (another cleaner: 404, nothing changed); a replayed PATCH changes nothing more', async () => {
    const [first] = await cleanerList();
    const [worktops, oven] = first.checklist;
    const other = await makeEmployee(v.s);
    const theirs = await tick(first.id, [{ id: worktops.id, done: true }], other.token);
    expect(theirs.status).toBe(404);
    expect((await visitsOf())[0].checklist).toBeUndefined();
    const body = [{ id: worktops.id, done: true }, { id: oven.id, done: false, note: 'Customer said skip the oven' }];
    const sent = await tick(first.id, body, p.cleaner.token, 'tick-key-1');
    expect(sent.status).toBe(200);
    expect(sent.body.visit.checklist.slice(0, 2)).toEqual([{ ...worktops, done: true }, { ...oven, note: 'Customer said skip the oven' }]);
    const stored = (await visitsOf())[0];
    const again = await tick(first.id, body, p.cleaner.token, 'tick-key-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(sent.body);
    // The same ticks under a new key (a second device) set the same state: nothing more changes.
    const twice = await tick(first.id, body, p.cleaner.token, 'tick-key-2');
    expect(twice.body.visit.checklist).toEqual(sent.body.visit.checklist);
    const after = (await visitsOf())[0];
    expect(after.checklist).toEqual(stored.checklist);
    const unknown = await tick(first.id, [{ id: 'abc123', done: true }]);
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toBe(CHECKLIST_MSG.unknownTask);
    expect((await tick(first.id, [{ id: worktops.id, done: 'yes' }])).status).toBe(400);
  });

  it('the customer writes requests for their own visit until its change cut-off, then a clear refusal', async () => {
    const [, second] = await visitsOf();
    const put = (text: string, token = p.customer.token) => call('PUT', `/api/user/visits/${second.id}/requests`, token, { text });
    const saved = await put('  Please do the oven this time  ');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: CHECKLIST_MSG.requestsSaved, visit: { id: second.id, requests: 'Please do the oven this time' } });
    expect((await cleanerList()).find((x) => x.id === second.id)).toMatchObject({ requests: 'Please do the oven this time' });
    const stranger = await call('PUT', `/api/user/visits/${second.id}/requests`, (await acceptedPlan(v.s)).customer.token, { text: 'Mine now' });
    expect(stranger.status).toBe(404);
    expect((await put('x'.repeat(1001))).status).toBe(400);
    const cut = changeCutoff(second.start, v.s.deps.config.visitChangeCutoff);
    await v.setOffset(cut - Date.now() + 60_000);
    const late = await put('And the windows');
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('closed at');
    expect((await visitsOf())[1].requests).toBe('Please do the oven this time');
  });

  it('hours are refused while a task is neither ticked nor explained (saying which), accepted with a reason, and the list stays as done', async () => {
    const [, second] = await visitsOf();
    const items = (await cleanerList()).find((x) => x.id === second.id)!.checklist;
    await v.setOffset(second.start.getTime() - Date.now() + 60_000);
    const hours = () => call('POST', `/api/employee/visits/${second.id}/submit-work`, p.cleaner.token, { work_hours: 2, completion_notes: 'Done' });
    expect((await tick(second.id, [{ id: items[0].id, done: true }, { id: items[1].id, done: true }])).status).toBe(200);
    const refused = await hours();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CHECKLIST_MSG.reasonsMissing(['Bathroom: Toilet']));
    expect(refused.body.open_tasks).toEqual([items[2].id]);
    expect((await visitsOf())[1].work_submitted).toBe(false);
    expect((await tick(second.id, [{ id: items[2].id, done: false, note: 'Bathroom locked' }])).status).toBe(200);
    const ok = await hours();
    expect(ok.status).toBe(200);
    expect(ok.body.visit.checklist[2]).toMatchObject({ task: 'Toilet', done: false, note: 'Bathroom locked' });
    expect((await tick(second.id, [{ id: items[2].id, done: true }])).status).toBe(409);
  });

  it('the booking’s own hours route for a plan’s first visit is refused the same way', async () => {
    const [first] = await visitsOf();
    await v.setOffset(first.start.getTime() - Date.now() + 60_000);
    const hours = () => call('POST', `/api/employee/bookings/${p.bookingId}/submit-work`, p.cleaner.token, { work_hours: 2 });
    const refused = await hours();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Kitchen: Worktops');
    const items = (await cleanerList()).find((x) => x.id === first.id)!.checklist;
    expect((await tick(first.id, items.map((i) => ({ id: i.id, done: true })))).status).toBe(200);
    expect((await hours()).status).toBe(200);
    expect((await visitsOf())[0].state).toBe('completed');
  });
});
