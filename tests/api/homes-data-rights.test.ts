// A customer's homes are their data: "Download my data" holds them with the access notes, keys and alarm
// codes opened (homes.json); closing the account deletes them.
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Home } from '../../api/src/models/Home';
import { User } from '../../api/src/models/User';
import { readZip, jsonEntries } from '../support/zip';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeCustomer } from './employee-fixtures';
import { HOME, addHome } from './homes-fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ JOBS_POLL_MS: '0' });
});
afterAll(async () => {
  await s?.close();
});

describe('homes and the customer’s data rights', () => {
  it('Download my data holds the homes opened', async () => {
    const c = await makeCustomer(s);
    await addHome(s, c.token);
    const res = await fetch(`${s.url}/api/user/data-export`, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(res.status).toBe(200);
    const j = jsonEntries(await readZip(Buffer.from(await res.arrayBuffer()))) as Record<string, any>;
    expect(j['homes.json']).toEqual([expect.objectContaining({ ...HOME, photos_allowed: true })]);
  });

  it('closing the account deletes the homes', async () => {
    const c = await makeCustomer(s);
    await addHome(s, c.token);
    await User.updateOne({ _id: c.id }, { $set: { passwordHash: await bcrypt.hash('close-me-please', 4) } });
    expect(await Home.countDocuments({ user: c.id })).toBe(1);
    const res = await s.call('POST', '/api/user/close-account', { token: c.token, json: { password: 'close-me-please' } });
    expect(res.status).toBe(200);
    expect(await Home.countDocuments({ user: c.id })).toBe(0);
  });
});
