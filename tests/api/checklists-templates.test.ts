// The office's checklist templates: our suggested sets until the office saves one, office roles only,
// bounded input refused with a clear message and nothing saved, a save on an older version refused,
// each save audited; a visit not yet ticked follows the template, a ticked one keeps its own copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKLIST_TASKS_PER_ROOM_MAX, DEFAULT_CHECKLISTS } from '@shared/checklists';
import { CHECKLIST_MSG } from '@shared/messages-checklists';
import { AuditLog } from '../../api/src/models/AuditLog';
import { ChecklistTemplate } from '../../api/src/models/ChecklistTemplate';
import { makeEmployee, type TestEmployee } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
let office: TestEmployee;
beforeAll(async () => {
  v = await startVisitsServer();
  office = await makeEmployee(v.s, { role: 'admin', name: 'Olive Office' });
});
afterAll(async () => {
  await v?.s.close();
});

const call = (method: string, url: string, token: string, json?: unknown) => v.s.call(method, url, { token, json });
const rooms = (list: Array<[string, string[]]>) => list.map(([room, tasks]) => ({ room, tasks: tasks.map((task) => ({ task })) }));

describe('checklist templates', () => {
  it('GET: our suggested set, not in use, until the office saves one; unknown types and cleaners refused', async () => {
    const res = await call('GET', '/api/admin/checklists/Move-out', office.token);
    expect(res.status).toBe(200);
    expect(res.body.checklist).toMatchObject({ cleaning_type: 'Move-out', in_use: false, version: 0, rooms: DEFAULT_CHECKLISTS['Move-out'] });
    for (const type of ['Standard', 'Deep']) expect((await call('GET', `/api/admin/checklists/${type}`, office.token)).body.checklist.in_use).toBe(false);
    const bad = await call('GET', '/api/admin/checklists/Spring', office.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(CHECKLIST_MSG.unknownType(['Standard', 'Deep', 'Move-out']));
    const cleaner = await makeEmployee(v.s);
    expect((await call('GET', '/api/admin/checklists/Deep', cleaner.token)).status).toBe(403);
    expect((await call('PUT', '/api/admin/checklists/Deep', cleaner.token, { rooms: rooms([['Hall', ['Sweep']]]), based_on: 0 })).status).toBe(403);
    expect(await ChecklistTemplate.countDocuments({ cleaning_type: 'Deep' })).toBe(0);
  });

  it('PUT: saved in order with ids kept across saves; an older version loses; bounded input refused; audited', async () => {
    const first = await call('PUT', '/api/admin/checklists/Deep', office.token, {
      rooms: rooms([['Kitchen', ['Oven inside', 'Fridge inside']], ['Bathroom', ['Grout']]]),
      based_on: 0,
    });
    expect(first.status).toBe(200);
    const saved = first.body.checklist;
    expect(saved).toMatchObject({ in_use: true, version: 1 });
    expect(saved.rooms.map((r: { room: string; }) => r.room)).toEqual(['Kitchen', 'Bathroom']);
    const oven = saved.rooms[0].tasks[0];
    expect(oven).toMatchObject({ task: 'Oven inside', id: expect.stringMatching(/^[a-z0-9]+$/) });
    // Reordered, one task renamed by id, one removed, one added: the kept task keeps its id.
    const second = await call('PUT', '/api/admin/checklists/Deep', office.token, {
      rooms: [{ room: 'Bathroom', tasks: [{ task: 'Grout and tiles', id: saved.rooms[1].tasks[0].id }] }, {
        room: 'Kitchen',
        tasks: [{ id: oven.id, task: 'Oven inside' }, { task: 'Hob' }],
      }],
      based_on: 1,
    });
    expect(second.status).toBe(200);
    expect(second.body.checklist.version).toBe(2);
    expect(second.body.checklist.rooms[1].tasks[0]).toEqual(oven);
    const stale = await call('PUT', '/api/admin/checklists/Deep', office.token, { rooms: rooms([['Hall', ['Sweep']]]), based_on: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(CHECKLIST_MSG.changedMeanwhile);
    const tooMany = Array.from({ length: CHECKLIST_TASKS_PER_ROOM_MAX + 1 }, (_, i) => `Task ${i}`);
    for (
      const body of [
        { rooms: rooms([['Hall', tooMany]]), based_on: 2 },
        { rooms: rooms([['', ['Sweep']]]), based_on: 2 },
        { rooms: rooms([['Hall', ['x'.repeat(161)]]]), based_on: 2 },
        { rooms: [], based_on: 2 },
        { rooms: [{ room: 'Hall', tasks: [{ id: oven.id, task: 'a' }, { id: oven.id, task: 'b' }] }], based_on: 2 },
      ]
    ) {
      const res = await call('PUT', '/api/admin/checklists/Deep', office.token, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await call('GET', '/api/admin/checklists/Deep', office.token)).body.checklist.version).toBe(2);
    const audits = await AuditLog.find({ action: 'checklist.save', 'target.id': 'Deep' }).lean();
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({ actor: { id: office.id }, target: { type: 'checklist' }, after: { tasks: 3, version: 2 } });
  });

  it("a visit not yet ticked follows the template's changes; once ticked it keeps its own copy", async () => {
    const p = await acceptedPlan(v.s, { date: dayAhead(3) });
    const listed = async () => {
      const res = await call('GET', `/api/employee/visits?from=${dayAhead(0)}&to=${dayAhead(20)}`, p.cleaner.token);
      return res.body.visits as Array<{ id: string; checklist: Array<{ id: string; task: string; done: boolean; }>; }>;
    };
    // Standard is not in use yet: no tasks.
    expect((await listed())[0].checklist).toEqual([]);
    const put = await call('PUT', '/api/admin/checklists/Standard', office.token, { rooms: rooms([['Kitchen', ['Worktops', 'Sink']]]), based_on: 0 });
    expect(put.status).toBe(200);
    const [a, b] = await listed();
    expect(a.checklist.map((i) => i.task)).toEqual(['Worktops', 'Sink']);
    const tick = await call('PATCH', `/api/employee/visits/${a.id}/checklist`, p.cleaner.token, { items: [{ id: a.checklist[0].id, done: true }] });
    expect(tick.status).toBe(200);
    const current = (await call('GET', '/api/admin/checklists/Standard', office.token)).body.checklist;
    await call('PUT', '/api/admin/checklists/Standard', office.token, {
      rooms: [{ room: 'Kitchen', tasks: [...current.rooms[0].tasks, { task: 'Floor' }] }],
      based_on: current.version,
    });
    const [a2, b2] = await listed();
    expect(a2.checklist.map((i) => [i.task, i.done])).toEqual([['Worktops', true], ['Sink', false]]);
    expect(b2.id).toBe(b.id);
    expect(b2.checklist.map((i) => i.task)).toEqual(['Worktops', 'Sink', 'Floor']);
    // Stopped: the untouched visit has no checklist again, the ticked one keeps its copy; audited.
    const stop = await call('DELETE', '/api/admin/checklists/Standard', office.token);
    expect(stop.body.checklist).toMatchObject({ in_use: false, version: 0 });
    const [a3, b3] = await listed();
    expect([a3.checklist.length, b3.checklist.length]).toEqual([2, 0]);
    expect(await AuditLog.countDocuments({ action: 'checklist.stop', 'target.id': 'Standard' })).toBe(1);
  });
});
