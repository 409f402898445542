// The cleaner's card on the day: the visit's own cleaner reads the home's access notes, keys, alarm code,
// parking and pets on the visit's London day only (not the day before or after); the customer's phone
// on every visit of theirs. Another cleaner's list and the cover jobs never carry them; the evening
// e-mail does not either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonWallTime } from '@shared/when';
import { addDays } from '@shared/visits';
import { makeEmployee } from './employee-fixtures';
import { HOME, homePlan, type HomeCast } from './homes-fixtures';
import { dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
let cast: HomeCast;
const day = dayAhead(4);
beforeAll(async () => {
  v = await startVisitsServer();
  cast = await homePlan(v.s, day);
});
afterAll(async () => {
  await v?.s.close();
});

/** Moves the server's clock to `date` at `time` (London). */
const at = (date: string, time: string) => v.setOffset(londonWallTime(date, time)! - Date.now());
const listOf = async (token: string) => {
  const res = await v.s.call('GET', `/api/employee/visits?from=${addDays(day, -2)}&to=${addDays(day, 20)}`, { token });
  expect(res.status).toBe(200);
  return res.body.visits as Array<Record<string, unknown> & { start: string; }>;
};
const onDay = <T extends { start: string; }>(visits: T[]) => visits.find((x) => x.start.startsWith(day));

describe('the doorstep on the cleaner’s card', () => {
  it('the day before: the phone, but no access notes, keys or alarm code', async () => {
    await at(addDays(day, -1), '20:00');
    const visits = await listOf(cast.cleaner.token);
    expect(onDay(visits)).toMatchObject({ customer_phone: '07700 900456' });
    const text = JSON.stringify(visits);
    for (const secret of [HOME.access_notes, HOME.keys, HOME.alarm_code, HOME.pets]) expect(text).not.toContain(secret);
  });

  it('on the day (from midnight, London): the visit’s own cleaner reads the whole doorstep; later visits do not carry it', async () => {
    await at(day, '00:05');
    const visits = await listOf(cast.cleaner.token);
    expect(onDay(visits)).toMatchObject({
      customer_phone: '07700 900456',
      access_notes: HOME.access_notes,
      doorstep: { label: HOME.label, access_notes: HOME.access_notes, keys: HOME.keys, alarm_code: HOME.alarm_code, parking: HOME.parking, pets: HOME.pets },
    });
    const later = visits.filter((x) => !x.start.startsWith(day));
    expect(later.length).toBeGreaterThan(0);
    for (const x of later) expect(x.doorstep).toBeUndefined();
  });

  it('a change of the note the customer makes is read at once on the day', async () => {
    await at(day, '07:00');
    const res = await v.s.call('PATCH', `/api/user/homes/${cast.homeId}`, { token: cast.customer.token, json: { access_notes: 'Ring twice' } });
    expect(res.status).toBe(200);
    expect(onDay(await listOf(cast.cleaner.token))).toMatchObject({ doorstep: { access_notes: 'Ring twice' } });
    await v.s.call('PATCH', `/api/user/homes/${cast.homeId}`, { token: cast.customer.token, json: { access_notes: HOME.access_notes } });
  });

  it('another cleaner, on the day: not in their list, not in the cover jobs once released, and a direct read is 404', async () => {
    await at(day, '07:00');
    const other = await makeEmployee(v.s, { name: 'Otto Other' });
    expect(JSON.stringify(await listOf(other.token))).not.toContain(HOME.access_notes);
    const mine = await listOf(cast.cleaner.token);
    const next = mine.find((x) => !x.start.startsWith(day))!;
    expect((await v.s.call('POST', `/api/employee/visits/${String(next.id)}/release`, { token: cast.cleaner.token })).status).toBe(200);
    const cover = await v.s.call('GET', '/api/employee/available-visits', { token: other.token });
    expect(cover.body.visits.map((x: { id: string; }) => x.id)).toContain(next.id);
    expect(JSON.stringify(cover.body)).not.toContain(HOME.access_notes);
    expect((await v.s.call('GET', `/api/user/homes/${cast.homeId}`, { token: other.token })).status).toBe(401);
    expect((await v.s.call('POST', `/api/employee/visits/${String(onDay(mine)!.id)}/on-my-way`, { token: other.token, json: { minutes: 10 } })).status).toBe(
      404,
    );
  });

  it('the day after: gone again', async () => {
    await at(addDays(day, 1), '08:00');
    const text = JSON.stringify(await listOf(cast.cleaner.token));
    for (const secret of [HOME.access_notes, HOME.keys, HOME.alarm_code]) expect(text).not.toContain(secret);
  });
});
