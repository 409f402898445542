// A closed account's calendar feed: closing the account deletes its calendar address, and the feed
// refuses a closed account even where an address of it is still stored (kept from before this rule).
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarAddress } from '../../api/src/models/CalendarAddress';
import { User } from '../../api/src/models/User';
import { acceptedPlan, dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
beforeAll(async () => {
  v = await startVisitsServer();
});
afterAll(async () => {
  await v?.s.close();
});

const feed = async (address: string) => (await fetch(v.s.url + new URL(address.replace(/^webcal:/, 'http:')).pathname)).status;

describe('closing an account', () => {
  it('deletes its calendar address, and the feed of a closed account answers 404', async () => {
    const p = await acceptedPlan(v.s, { date: dayAhead(5) });
    const address = (await v.s.call('GET', '/api/user/calendar-address', { token: p.customer.token })).body.calendar.address as string;
    expect(await feed(address)).toBe(200);
    const stored = await CalendarAddress.findOne({ owner: p.customer.id }).lean();
    await User.updateOne({ _id: p.customer.id }, { $set: { passwordHash: await bcrypt.hash('pw-123456', 4) } });
    expect((await v.s.call('POST', '/api/user/close-account', { token: p.customer.token, json: { password: 'pw-123456' } })).status).toBe(200);
    expect(await CalendarAddress.countDocuments({ owner: p.customer.id })).toBe(0);
    expect(await feed(address)).toBe(404);
    // An address left from before closing removed it: still refused.
    await CalendarAddress.create({ ...stored, _id: undefined });
    expect(await feed(address)).toBe(404);
  });
});
