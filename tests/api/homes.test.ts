// A customer's homes: their own only (another's is 404), bounded input, removal refused while a live
// plan is at the home, bookings made for a home or from an address, and the sealed fields never on disk
// in plain text.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOMES_MSG } from '@shared/messages-homes';
import { bookingInput } from '../support/customers';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeCustomer, makeEmployee } from './employee-fixtures';
import { HOME, addHome } from './homes-fixtures';
import { dayAhead } from './visits-fixtures';
import { Booking } from '../../api/src/models/Booking';
import { Home } from '../../api/src/models/Home';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

/** Every file under `dir`, read whole. */
async function bytesUnder(dir: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) parts.push(await readFile(path.join(e.parentPath, e.name)));
  }
  return Buffer.concat(parts);
}

describe('/api/user/homes', () => {
  it('adds, lists, changes and removes the customer’s own homes; the sealed fields come back opened', async () => {
    const c = await makeCustomer(s);
    const home = await addHome(s, c.token);
    expect(home).toMatchObject({ ...HOME, postcode: 'CT51AB', photos_allowed: true, in_use: false });
    const list = await s.call('GET', '/api/user/homes', { token: c.token });
    expect(list.body.homes.map((h: { id: string; }) => h.id)).toEqual([home.id]);
    const changed = await s.call('PATCH', `/api/user/homes/${home.id}`, { token: c.token, json: { photos_allowed: false, alarm_code: '1357' } });
    expect(changed.status).toBe(200);
    expect(changed.body.home).toMatchObject({ photos_allowed: false, alarm_code: '1357', access_notes: HOME.access_notes });
    expect((await s.call('DELETE', `/api/user/homes/${home.id}`, { token: c.token })).status).toBe(200);
    expect((await s.call('GET', '/api/user/homes', { token: c.token })).body.homes).toEqual([]);
  });

  it('another customer’s home is 404 for reading, changing and removing, and stays as it was', async () => {
    const owner = await makeCustomer(s);
    const other = await makeCustomer(s);
    const home = await addHome(s, owner.token);
    expect((await s.call('GET', `/api/user/homes/${home.id}`, { token: other.token })).status).toBe(404);
    expect((await s.call('PATCH', `/api/user/homes/${home.id}`, { token: other.token, json: { label: 'Mine' } })).status).toBe(404);
    expect((await s.call('DELETE', `/api/user/homes/${home.id}`, { token: other.token })).status).toBe(404);
    expect((await s.call('GET', '/api/user/homes', { token: other.token })).body.homes).toEqual([]);
    expect((await s.call('GET', `/api/user/homes/${home.id}`, { token: owner.token })).body.home.label).toBe(HOME.label);
    const cleaner = await makeEmployee(s);
    expect((await s.call('GET', '/api/user/homes', { token: cleaner.token })).status).toBe(401);
  });

  it('bad input is refused with a clear message and stores nothing', async () => {
    const c = await makeCustomer(s);
    for (
      const bad of [{ ...HOME, label: '' }, { ...HOME, address: ' ' }, { ...HOME, access_notes: 'a'.repeat(1001) }, { ...HOME, extra: 1 }, {
        ...HOME,
        postcode: 12,
      }]
    ) {
      const res = await s.call('POST', '/api/user/homes', { token: c.token, json: bad });
      expect(res.status, JSON.stringify(bad).slice(0, 60)).toBe(400);
    }
    expect((await s.call('POST', '/api/user/homes', { token: c.token, json: { ...HOME, label: '' } })).body.message).toBe(HOMES_MSG.labelRequired);
    expect(await Home.countDocuments({ user: c.id })).toBe(0);
    expect((await s.call('PATCH', '/api/user/homes/000000000000000000000000', { token: c.token, json: {} })).status).toBe(400);
  });

  it('a booking for one of the customer’s homes keeps its address; another’s home is refused and nothing is stored', async () => {
    const c = await makeCustomer(s);
    const other = await makeCustomer(s);
    const home = await addHome(s, c.token);
    const theirs = await addHome(s, other.token, { label: 'Theirs' });
    const refused = await s.call('POST', '/api/user/bookings', { token: c.token, json: bookingInput({ home_id: theirs.id }) });
    expect(refused.status).toBe(400);
    expect(await Booking.countDocuments({ user: c.id })).toBe(0);
    const booked = await s.call('POST', '/api/user/bookings', { token: c.token, json: bookingInput({ home_id: home.id, bestDays: `${dayAhead(5)}T10:00` }) });
    expect(booked.status).toBe(201);
    const b = await Booking.findById(booked.body.bookingId).lean();
    expect(b).toMatchObject({ address: HOME.address, postcode: 'CT51AB' });
    expect(String(b?.home)).toBe(home.id);
  });

  it('a booking with an address as before makes the customer a home (the same address again is the same home)', async () => {
    const c = await makeCustomer(s);
    for (let i = 0; i < 2; i++) {
      const res = await s.call('POST', '/api/user/bookings', { token: c.token, json: bookingInput({ address: '12 Mill Lane, Leeds', postcode: 'LS11AA' }) });
      expect(res.status).toBe(201);
    }
    const homes = (await s.call('GET', '/api/user/homes', { token: c.token })).body.homes;
    expect(homes).toHaveLength(1);
    expect(homes[0]).toMatchObject({ address: '12 Mill Lane, Leeds', postcode: 'LS11AA', in_use: true });
  });

  it('a home a live plan or a waiting request is at cannot be removed (409, saying why)', async () => {
    const c = await makeCustomer(s);
    const home = await addHome(s, c.token);
    await s.call('POST', '/api/user/bookings', { token: c.token, json: bookingInput({ home_id: home.id }) });
    const res = await s.call('DELETE', `/api/user/homes/${home.id}`, { token: c.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(HOMES_MSG.homeInUse);
    expect(await Home.exists({ _id: home.id })).toBeTruthy();
  });

  it('the access note, keys and alarm code are not in the data dir’s bytes; the stored field is ciphertext', async () => {
    const c = await makeCustomer(s);
    const marker = `Plainly-visible label ${Date.now()}`;
    const note = `Under the third flowerpot ${Date.now()}`;
    await addHome(s, c.token, { label: marker, access_notes: note, keys: `Keys-in-the-shed-${Date.now()}` });
    const raw = await Home.collection.findOne({ label: marker });
    expect(raw?.access_notes).toMatch(/^enc1:/);
    const bytes = await bytesUnder(s.dataDir);
    // The label is stored in plain text: the check reads the bytes the engine wrote.
    expect(bytes.includes(Buffer.from(marker))).toBe(true);
    expect(bytes.includes(Buffer.from(note))).toBe(false);
    expect(bytes.includes(Buffer.from('Keys-in-the-shed'))).toBe(false);
  });

  it('the office reads a customer’s homes with the notes; a cleaner is refused', async () => {
    const c = await makeCustomer(s);
    await addHome(s, c.token);
    const admin = await makeEmployee(s, { name: 'Ada Admin', role: 'admin' });
    const office = await s.call('GET', `/api/admin/customers/${c.id}/homes`, { token: admin.token });
    expect(office.status).toBe(200);
    expect(office.body.homes[0]).toMatchObject({ access_notes: HOME.access_notes, alarm_code: HOME.alarm_code });
    const cleaner = await makeEmployee(s);
    expect((await s.call('GET', `/api/admin/customers/${c.id}/homes`, { token: cleaner.token })).status).toBe(403);
  });
});
