// The bell: the notices sent since the person last opened "What we told you", kept on their account on
// the server's clock — so opening the list on one device clears the count on every other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../api/src/notify/notify';
import { makeCustomer, makeEmployee } from './employee-fixtures';
import { startVisitsServer, type VisitsServer } from './visits-fixtures';

let vs: VisitsServer;
beforeAll(async () => {
  vs = await startVisitsServer();
});
afterAll(async () => {
  await vs?.s.close();
});

const tell = (to: { type: 'employee' | 'customer'; id: string; }, subject: string) =>
  notify(vs.s.deps, to, 'changes', { subject, text: `${subject}.`, url: '/' });

describe('the count of notices not seen yet', () => {
  it("counts a cleaner's notices until the list is opened, then only the newer ones, on every device", async () => {
    const cara = await makeEmployee(vs.s, { name: 'Cara Clean' });
    const otherDevice = vs.s.deps.tokens.sign('employee', cara.id, 'employee');
    const unseen = async (token: string) => (await vs.s.call('GET', '/api/employee/notices/unseen', { token })).body.unseen;
    expect(await unseen(cara.token)).toBe(0);
    await tell({ type: 'employee', id: cara.id }, 'Visit moved');
    await tell({ type: 'employee', id: cara.id }, 'Visit cancelled');
    expect(await unseen(cara.token)).toBe(2);

    const seen = await vs.s.call('POST', '/api/employee/notices/seen', { token: cara.token });
    expect(seen.status).toBe(200);
    expect(await unseen(otherDevice)).toBe(0);

    // Later on the server's clock: one more notice is new.
    await vs.setOffset(60_000);
    await tell({ type: 'employee', id: cara.id }, 'Now yours');
    expect(await unseen(otherDevice)).toBe(1);
    expect(await unseen(cara.token)).toBe(1);
  });

  it("counts a customer's own notices only, and clears them when they open their list", async () => {
    const carla = await makeCustomer(vs.s, { name: 'Carla Customer' });
    const dora = await makeCustomer(vs.s, { name: 'Dora Other' });
    await vs.setOffset(120_000);
    await tell({ type: 'customer', id: carla.id }, 'Change to your visit');
    const unseen = async (token: string) => (await vs.s.call('GET', '/api/user/notices/unseen', { token })).body.unseen;
    expect([await unseen(carla.token), await unseen(dora.token)]).toEqual([1, 0]);
    expect((await vs.s.call('POST', '/api/user/notices/seen', { token: carla.token })).status).toBe(200);
    expect(await unseen(carla.token)).toBe(0);
  });
});
