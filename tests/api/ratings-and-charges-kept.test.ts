// Over real HTTP: a customer's visit lists carry the stars they gave a
// finished visit (My Bookings' "You rated this clean"), their copy of their data holds the ratings they
// gave and each visit's price and late charge, and closing the account keeps every charge on record
// (a rating keeps its stars, not its comment) until the retention period is over.
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_DEFAULTS } from '@shared/retention';
import type { VisitDto } from '@shared/schemas/visits';
import { runRetention } from '../../api/src/jobs/retention';
import { Rating } from '../../api/src/models/Rating';
import { User } from '../../api/src/models/User';
import { Visit } from '../../api/src/models/Visit';
import { readZip, jsonEntries } from '../support/zip';
import { acceptedPlan, dayAhead, startVisitsServer, type PlanCast, type VisitsServer } from './visits-fixtures';

let vs: VisitsServer;
let a: PlanCast;
let b: PlanCast;
const PASSWORD = 'leftover-pass-1';
const s = () => vs.s;

beforeAll(async () => {
  vs = await startVisitsServer({ JOBS_POLL_MS: '0' });
  a = await acceptedPlan(s(), { date: dayAhead(3) });
  b = await acceptedPlan(s(), { date: dayAhead(3) });
  await User.updateOne({ _id: a.customer.id }, { $set: { passwordHash: await bcrypt.hash(PASSWORD, 4) } });
}, 120_000);
afterAll(async () => {
  await vs?.setOffset(0);
  await vs?.s.close();
});

const visitsOf = (cast: PlanCast) => Visit.find({ plan: cast.bookingId }).sort({ start: 1 }).lean();
const finish = (id: unknown, extra: Record<string, unknown> = {}) =>
  Visit.updateOne({ _id: id }, { $set: { state: 'completed', work_submitted: true, ...extra } });
const rate = (cast: PlanCast, id: unknown, json: unknown) => s().call('POST', `/api/user/visits/${String(id)}/rating`, { token: cast.customer.token, json });
async function lists(cast: PlanCast): Promise<{ next: VisitDto[]; window: VisitDto[]; }> {
  const plan = await s().call('GET', `/api/user/bookings/${cast.bookingId}`, { token: cast.customer.token });
  const window = await s().call('GET', `/api/user/visits?from=${dayAhead(0)}&to=${dayAhead(30)}&limit=100`, { token: cast.customer.token });
  return { next: plan.body.visits, window: window.body.visits };
}

describe('a rated visit in My Bookings', () => {
  it('carries the stars the customer gave, only once rated, and only in their own lists', async () => {
    const [first, second] = await visitsOf(a);
    await finish(first._id);
    const before = await lists(a);
    expect(before.next.find((v) => v.id === String(first._id))).toMatchObject({ state: 'completed' });
    expect(before.next.find((v) => v.id === String(first._id))).not.toHaveProperty('my_rating');

    expect((await rate(a, first._id, { stars: 4, comment: 'Spotless kitchen' })).status).toBe(201);
    expect((await rate(a, first._id, { stars: 5 })).status).toBe(409);
    const after = await lists(a);
    for (const list of [after.next, after.window]) {
      expect(list.find((v) => v.id === String(first._id))).toMatchObject({ state: 'completed', my_rating: 4 });
      expect(list.find((v) => v.id === String(second._id))).not.toHaveProperty('my_rating');
    }
    // The other customer of the same day sees nothing of it, and cannot rate it.
    const other = await lists(b);
    expect(other.next.some((v) => 'my_rating' in v)).toBe(false);
    expect((await rate(b, first._id, { stars: 1 })).status).toBe(404);
  });
});

describe("the customer's copy of their data", () => {
  it('holds the ratings they gave and each visit’s price and late-change charge, nothing of the other customer', async () => {
    const [, second] = await visitsOf(a);
    const chargedAt = new Date();
    await Visit.updateOne({ _id: second._id }, {
      $set: { state: 'skipped', price_pence: 6300, late_charge_pence: 3150, late_charge_cleaner_pence: 1575, late_charge_at: chargedAt },
    });
    const [bFirst] = await visitsOf(b);
    await finish(bFirst._id);
    expect((await rate(b, bFirst._id, { stars: 2, comment: 'Bella was not pleased' })).status).toBe(201);

    const res = await fetch(`${s().url}/api/user/data-export`, { headers: { Authorization: `Bearer ${a.customer.token}` } });
    expect(res.status).toBe(200);
    const entries = await readZip(Buffer.from(await res.arrayBuffer()));
    const j = jsonEntries(entries) as Record<string, any>;
    expect(j['ratings.json']).toEqual([expect.objectContaining({ stars: 4, comment: 'Spotless kitchen', cleaner_first_name: 'Cleo' })]);
    const visit = j['bookings.json'][0].visits.find((v: { id: string; }) => v.id === String(second._id));
    expect(visit).toMatchObject({ state: 'skipped', price_pence: 6300, late_charge_pence: 3150, late_charge_at: chargedAt.toISOString() });
    // The cleaner's share is their pay line, not the customer's business.
    expect(visit).not.toHaveProperty('late_charge_cleaner_pence');
    const readme = entries.get('README.txt')!.toString();
    expect(readme).toContain('ratings.json');
    expect(readme).not.toMatch(/Ratings are not part/);
    expect([...entries.values()].map((x) => x.toString()).join('\n')).not.toContain('Bella was not pleased');
  });

  it("the cleaner's copy holds their share of the late charge", async () => {
    const res = await fetch(`${s().url}/api/employee/data-export`, { headers: { Authorization: `Bearer ${a.cleaner.token}` } });
    const j = jsonEntries(await readZip(Buffer.from(await res.arrayBuffer()))) as Record<string, any>;
    expect(j['jobs.json'].visits).toContainEqual(expect.objectContaining({ state: 'skipped', late_charge_pay_pence: 1575 }));
    expect(JSON.stringify(j['jobs.json'])).not.toContain('"late_charge_pence"');
  });
});

describe('closing an account', () => {
  it('keeps every visit already charged, and the ratings’ stars without their comments, until the retention period is over', async () => {
    const charged = async () =>
      (await visitsOf(a)).filter((v) => v.state !== 'cancelled').map((v) => ({
        id: String(v._id),
        state: v.state,
        price: v.price_pence,
        late: v.late_charge_pence,
        pay: v.late_charge_cleaner_pence,
      }));
    const before = await charged();
    expect(before.filter((v) => v.late)).toHaveLength(1);
    const closed = await s().call('POST', '/api/user/close-account', { token: a.customer.token, json: { password: PASSWORD } });
    expect(closed.status).toBe(200);
    // Done and charged visits stay as they were; only later scheduled ones were cancelled.
    expect(await charged()).toEqual(before.filter((v) => v.state !== 'scheduled'));
    expect(await Rating.findOne({ user: a.customer.id }).lean()).toMatchObject({ stars: 4, comment: '' });
    expect(await Rating.findOne({ user: b.customer.id }).lean()).toMatchObject({ stars: 2, comment: 'Bella was not pleased' });

    // Retention: a day before the closed-account period the charges are all there; a day after, gone with the ratings.
    const closedAt = (await User.findById(a.customer.id).lean())!.closed_at!;
    const yearsOn = (days: number) => {
      const d = new Date(closedAt.getTime());
      d.setUTCFullYear(d.getUTCFullYear() + RETENTION_DEFAULTS.closedAccountYears);
      return d.getTime() + days * 86_400_000;
    };
    await vs.setOffset(yearsOn(-1) - Date.now());
    await runRetention(s().deps);
    expect(await charged()).toEqual(before.filter((v) => v.state !== 'scheduled'));
    expect(await Rating.countDocuments({ user: a.customer.id })).toBe(1);
    await vs.setOffset(yearsOn(1) - Date.now());
    await runRetention(s().deps);
    expect(await Visit.countDocuments({ user: a.customer.id })).toBe(0);
    expect(await Rating.countDocuments({ user: a.customer.id })).toBe(0);
    expect(await Rating.countDocuments({ user: b.customer.id })).toBe(1);
  });
});
