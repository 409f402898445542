// "Not happy — re-clean": a rating of 2★ or less opens a case of its own kind in the office's inbox (not a
// contact message) with the visit, its customer and cleaner, the stars and the comment; the customer's
// visit offers the free re-clean while it stands; the office books it from the case and closes the case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDateAndTime } from '@shared/when';
import { Visit } from '../../api/src/models/Visit';
import { makeEmployee, type TestEmployee } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';

let vs: VisitsServer;
let admin: TestEmployee;
beforeAll(async () => {
  vs = await startVisitsServer({ JOBS_POLL_MS: '0' });
  admin = await makeEmployee(vs.s, { role: 'admin', name: 'Olive Office' });
});
afterAll(async () => {
  await vs?.s.close();
});
const wall = (ms: number) => {
  const { date, time } = londonDateAndTime(ms)!;
  return `${date}T${time}`;
};

describe('a low rating in the office inbox', () => {
  it('is a re-clean case with the visit, stars and comment; the office books the free re-clean from it and closes it', async () => {
    const p = await acceptedPlan(vs.s, { date: dayAhead(5), name: 'Rita Rinse' });
    const [v] = await Visit.find({ plan: p.bookingId }).sort({ start: 1 }).lean();
    await Visit.updateOne({ _id: v._id }, { $set: { state: 'completed' } });
    const rated = await vs.s.call('POST', `/api/user/visits/${String(v._id)}/rating`, {
      token: p.customer.token,
      json: { stars: 1, comment: 'Kitchen not done' },
    });
    expect(rated.status).toBe(201);

    const inbox = await vs.s.call('GET', '/api/admin/inbox', { token: admin.token });
    expect(inbox.body.counts).toMatchObject({ contact: 0, reclean: 1, total: 1 });
    const [item] = inbox.body.items;
    expect(item).toMatchObject({ kind: 'reclean', subject: '1★ rating', name: p.customer.name, status: 'new' });
    expect(item.preview).toContain('Kitchen not done');

    const opened = (await vs.s.call('GET', `/api/admin/inbox/reclean/${item.id}`, { token: admin.token })).body.item;
    const field = (label: string) => opened.fields.find((f: { label: string; }) => f.label === label)?.value;
    expect([field('Cleaner'), field('Stars'), field('Comment')]).toEqual(['Rita Rinse', '1', 'Kitchen not done']);
    expect(field('Visit')).toMatch(/^\w{3} \d{1,2} \w{3}, 09:00$/);
    expect(opened.reclean).toEqual({ visit_id: String(v._id), visit_day: v.day, until: rated.body.reclean_until });

    // The customer's visit offers the re-clean while none is booked.
    const visitOf = async () =>
      (await vs.s.call('GET', `/api/user/bookings/${p.bookingId}`, { token: p.customer.token })).body.visits.find((x: { id: string; }) =>
        x.id === String(v._id)
      );
    expect((await visitOf()).reclean_until).toBe(rated.body.reclean_until);

    const at = Date.parse(rated.body.reclean_until) - 4 * 3600_000;
    const booked = await vs.s.call('POST', `/api/admin/visits/${String(v._id)}/reclean`, { token: admin.token, json: { start: wall(at) } });
    expect(booked.status).toBe(201);
    const after = (await vs.s.call('GET', `/api/admin/inbox/reclean/${item.id}`, { token: admin.token })).body.item;
    expect(Date.parse(after.reclean.booked_start)).toBe(Math.floor(at / 60_000) * 60_000);
    expect((await visitOf()).reclean_until).toBeUndefined();

    const closed = await vs.s.call('PATCH', `/api/admin/inbox/reclean/${item.id}`, { token: admin.token, json: { status: 'handled' } });
    expect(closed.body.item.status).toBe('handled');
    expect((await vs.s.call('GET', '/api/admin/inbox', { token: admin.token })).body.counts).toMatchObject({ reclean: 0 });
  });
});
