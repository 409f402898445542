// The office's schedule on bank holidays: each region's (17 Mar 2027 BT only, 4 Jan 2027 EH only, Easter
// Monday 29 Mar 2027 N1 and BT), each bulk action idempotent, closed days moving a move on, a postcode
// area's region, the refresh script, and moving a plan's first visit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@shared/visits';
import { londonDateAndTime } from '@shared/when';
import { Visit } from '../../api/src/models/Visit';
import { makeEmployee, type TestEmployee } from './employee-fixtures';
import { dayAhead, type VisitsServer } from './visits-fixtures';
import { emptySchedule, placePlan, scheduleOf, startScheduleServer, stopScheduleServer } from './schedule-fixtures';

let v: VisitsServer;
let admin: TestEmployee;
let superAdmin: TestEmployee;
beforeAll(async () => {
  ({ v, admin, superAdmin } = await startScheduleServer());
});
beforeEach(() => emptySchedule(v));
afterAll(() => stopScheduleServer(v));

const call = (method: string, url: string, json?: unknown, token = admin.token) => v.s.call(method, url, { token, json });
const schedule = (q: string) => scheduleOf(call, q);

describe('bank holidays per region, and the bulk actions', () => {
  const at = async (date: string) => v.setOffset(Date.parse(`${date}T12:00:00Z`) - Date.now());
  const holidays = async (from: string, to: string) => {
    const res = await call('GET', `/api/admin/bank-holidays?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    return res.body.holidays as Array<{ date: string; title: string; regions: string[]; closed: boolean; visits: number; }>;
  };
  const resolve = async (date: string, action: string, token = admin.token) => call('POST', `/api/admin/bank-holidays/${date}/resolve`, { action }, token);

  it('Mon 4 Jan 2027 (2 January’s substitute) is a holiday for EH only; keep is idempotent', async () => {
    await at('2026-12-28');
    const cleo = await makeEmployee(v.s);
    for (const postcode of ['N17GU', 'BT11AA', 'EH11YZ']) {
      await placePlan(v.s, cleo, {
        date: '2027-01-04',
        postcode,
        frequency: 'One-time clean',
        time: postcode === 'N17GU' ? '08:00' : postcode === 'BT11AA' ? '11:00' : '14:00',
      });
    }
    const [day] = await holidays('2027-01-04', '2027-01-04');
    expect(day).toMatchObject({ date: '2027-01-04', regions: ['scotland'], visits: 1 });
    const week = await schedule('from=2027-01-04&to=2027-01-04');
    expect(week.visits.filter((x) => x.bank_holiday).map((x) => x.outward_code)).toEqual(['EH1']);
    expect((await resolve('2027-01-04', 'keep')).body.changed).toBe(1);
    expect((await resolve('2027-01-04', 'keep')).body.changed).toBe(0);
    expect((await holidays('2027-01-04', '2027-01-04'))[0].visits).toBe(0);
    expect((await schedule('from=2027-01-04&to=2027-01-04')).visits.filter((x) => x.bank_holiday)).toHaveLength(0);
  });

  it('17 Mar 2027 (St Patrick’s Day) for BT only, skipped once with the customer told; Easter Monday 29 Mar for N1 and BT, moved past a closed day once', async () => {
    await at('2027-03-10');
    const cleo = await makeEmployee(v.s);
    const placed: Record<string, Awaited<ReturnType<typeof placePlan>>> = {};
    for (const [i, postcode] of ['N17GU', 'BT11AA', 'EH11YZ'].entries()) {
      placed[`17-${postcode}`] = await placePlan(v.s, cleo, { date: '2027-03-17', postcode, frequency: 'One-time clean', time: `0${8 + 3 * i}:00`.slice(-5) });
      placed[`29-${postcode}`] = await placePlan(v.s, cleo, { date: '2027-03-29', postcode, frequency: 'One-time clean', time: `0${8 + 3 * i}:00`.slice(-5) });
    }
    const days = await holidays('2027-03-15', '2027-03-31');
    expect(days.find((d) => d.date === '2027-03-17')).toMatchObject({ regions: ['northern-ireland'], visits: 1 });
    expect(days.find((d) => d.date === '2027-03-26')).toMatchObject({ regions: ['england-and-wales', 'scotland', 'northern-ireland'] });
    expect(days.find((d) => d.date === '2027-03-29')).toMatchObject({ regions: ['england-and-wales', 'northern-ireland'], visits: 2 });

    const seen = v.s.mail.mails.length;
    expect((await resolve('2027-03-17', 'skip')).body.changed).toBe(1);
    expect((await resolve('2027-03-17', 'skip')).body.changed).toBe(0);
    expect((await Visit.findOne({ plan: placed['17-BT11AA'].bookingId }).lean())!.state).toBe('skipped');
    expect((await Visit.findOne({ plan: placed['17-N17GU'].bookingId }).lean())!.state).toBe('scheduled');
    await v.s.mail.waitFor(placed['17-BT11AA'].customer.email, { subject: /Change to your visit/, after: seen });

    // The company is closed on Tue 30 Mar: a move goes on to Wed 31 Mar. Only a super-admin sets closed days.
    expect((await call('POST', '/api/admin/closed-days', { from: '2027-03-30', to: '2027-03-30', note: 'Staff training' })).status).toBe(403);
    const closed = await call('POST', '/api/admin/closed-days', { from: '2027-03-30', to: '2027-03-30', note: 'Staff training' }, superAdmin.token);
    expect(closed.status).toBe(201);
    expect((await resolve('2027-03-29', 'move')).body.changed).toBe(2);
    expect((await resolve('2027-03-29', 'move')).body.changed).toBe(0);
    for (const postcode of ['N17GU', 'BT11AA']) {
      expect(londonDateAndTime((await Visit.findOne({ plan: placed[`29-${postcode}`].bookingId }).lean())!.start)!.date).toBe('2027-03-31');
    }
    const eh = (await Visit.findOne({ plan: placed['29-EH11YZ'].bookingId }).lean())!;
    expect(londonDateAndTime(eh.start)).toEqual({ date: '2027-03-29', time: '14:00' });
    // A closed day is a flagged day for every region; removing it is a super-admin's too.
    expect((await holidays('2027-03-30', '2027-03-30'))[0]).toMatchObject({ closed: true, title: 'Staff training' });
    expect((await call('DELETE', `/api/admin/closed-days/${closed.body.closed_days.id}`)).status).toBe(403);
    expect((await call('DELETE', `/api/admin/closed-days/${closed.body.closed_days.id}`, undefined, superAdmin.token)).status).toBe(200);
    expect((await resolve('2027-03-30', 'keep')).status).toBe(404);
    expect((await resolve('2027-03-29', 'later')).status).toBe(400);
    expect((await resolve('2027-02-30', 'keep')).status).toBe(400);
    expect(addDays('2027-03-29', 2)).toBe('2027-03-31');
  });
});

describe('regions, the refresh script, and moving a plan’s first visit', () => {
  it('a postcode area’s region: BT, the Scottish areas (G but not GU), the rest; an override wins', async () => {
    const { regionOfPostcode, parseRegionOverrides } = await import('@shared/bank-holidays');
    expect(['BT1 1AA', 'EH1 1YZ', 'G2 1AA', 'GU1 1AA', 'N1 7GU', 'TD1 1AA', 'ZE1 0AA'].map((p) => regionOfPostcode(p))).toEqual([
      'northern-ireland',
      'scotland',
      'scotland',
      'england-and-wales',
      'england-and-wales',
      'scotland',
      'scotland',
    ]);
    const overrides = parseRegionOverrides('TD=england-and-wales, ca=scotland')!;
    expect([regionOfPostcode('TD15 1AA', overrides), regionOfPostcode('CA1 1AA', overrides)]).toEqual(['england-and-wales', 'scotland']);
    expect(parseRegionOverrides('XX=mars')).toBeNull();
  });

  it('npm run bank-holidays refuses a file that is not GOV.UK’s and rewrites one that is, sorted', async () => {
    const { mkdtemp, readFile, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { refreshBankHolidays } = await import('../../api/src/cli/bank-holidays');
    const dir = await mkdtemp(path.join(tmpdir(), 'sc-bh-'));
    await writeFile(path.join(dir, 'bad.json'), '{"england-and-wales":{}}');
    expect(() => refreshBankHolidays(path.join(dir, 'bad.json'), path.join(dir, 'out.json'))).toThrow(/not GOV.UK/);
    const ev = (date: string) => ({ title: 'Day', date, notes: '', bunting: true });
    const file = {
      'england-and-wales': { division: 'england-and-wales', events: [ev('2029-12-25'), ev('2029-01-01')] },
      scotland: { division: 'scotland', events: [] },
      'northern-ireland': { division: 'northern-ireland', events: [ev('2029-03-17')] },
    };
    await writeFile(path.join(dir, 'in.json'), JSON.stringify(file));
    expect(refreshBankHolidays(path.join(dir, 'in.json'), path.join(dir, 'out.json'))).toMatch(/england-and-wales 2/);
    const out = JSON.parse(await readFile(path.join(dir, 'out.json'), 'utf8'));
    expect(out['england-and-wales'].events.map((e: { date: string; }) => e.date)).toEqual(['2029-01-01', '2029-12-25']);
  });

  it('moving a plan’s first visit "this and following" two days on takes it there too: one visit that day, the rest follow', async () => {
    const cleo = await makeEmployee(v.s);
    const p = await placePlan(v.s, cleo, { date: dayAhead(3) });
    const [first] = await Visit.find({ plan: p.bookingId }).sort({ slot: 1 }).lean();
    expect(first.on_booking).toBe(true);
    const res = await call('PATCH', `/api/admin/visits/${first._id}`, { start: `${dayAhead(5)}T10:00`, scope: 'following' });
    expect(res.status).toBe(200);
    const after = await Visit.find({ plan: p.bookingId, state: 'scheduled' }).sort({ start: 1 }).lean();
    expect(after.slice(0, 3).map((x) => londonDateAndTime(x.start))).toEqual([0, 7, 14].map((d) => ({ date: dayAhead(5 + d), time: '10:00' })));
    expect(String(after[0]._id)).toBe(String(first._id));
    expect(new Set(after.map((x) => x.day)).size).toBe(after.length);
  });
});
