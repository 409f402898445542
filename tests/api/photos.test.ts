// A visit's photos: only its own cleaner adds them (another's visit is a 404), sniffed by their bytes
// as JPEG, PNG or WebP, at most 8 MB and PHOTOS_PER_VISIT per visit, sent once whatever the retries;
// the customer and the office list them, the signed link serves the bytes, the data copy holds them.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTOS_PER_VISIT } from '@shared/schemas/photos';
import { PHOTO_BUCKET, VisitPhoto } from '../../api/src/models/VisitPhoto';
import { jsonEntries, readZip } from '../support/zip';
import { makeEmployee, tinyPng, type TestEmployee } from './employee-fixtures';
import { sendPhoto, tinyGif, tinyJpeg, tinyWebp, visitCast } from './photos-fixtures';
import { startVisitsServer, type VisitsServer } from './visits-fixtures';

let vs: VisitsServer;
let admin: TestEmployee;
beforeAll(async () => {
  vs = await startVisitsServer({ JOBS_POLL_MS: '0' });
  admin = await makeEmployee(vs.s, { role: 'admin', name: 'Ada Admin' });
}, 120_000);
afterAll(async () => {
  await vs?.s.close();
});
const s = () => vs.s;
const filesOf = (visitId: string) => mongoose.connection.db!.collection(`${PHOTO_BUCKET}.files`).countDocuments({ 'metadata.visit': visitId });

describe('adding a photo', () => {
  it('JPEG, PNG and WebP by their bytes are kept; a GIF or a text file named .jpg is refused and nothing is stored', async () => {
    const c = await visitCast(s());
    for (const data of [tinyJpeg(), tinyPng(), tinyWebp()]) expect((await sendPhoto(s(), c.cleaner.token, c.visitId, data)).status).toBe(201);
    for (const data of [tinyGif(), Buffer.from('not an image at all, just words '.repeat(20))]) {
      const res = await sendPhoto(s(), c.cleaner.token, c.visitId, data);
      expect(res.status).toBe(415);
      expect(res.body.message).toMatch(/JPEG, PNG or WebP/);
    }
    expect(await VisitPhoto.countDocuments({ visit: c.visitId })).toBe(3);
    expect(await filesOf(c.visitId)).toBe(3);
  });

  it('over 8 MB is refused with the limit in words', async () => {
    const c = await visitCast(s());
    const big = Buffer.concat([tinyPng(), Buffer.alloc(PHOTO_MAX_BYTES + 1 - tinyPng().length + 1)]);
    const res = await sendPhoto(s(), c.cleaner.token, c.visitId, big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The photo is too large. The maximum size is 8 MB.');
    expect(await VisitPhoto.countDocuments({ visit: c.visitId })).toBe(0);
  });

  it('a room and a known stage are required', async () => {
    const c = await visitCast(s());
    expect((await sendPhoto(s(), c.cleaner.token, c.visitId, tinyJpeg(), { room: '', stage: 'before' })).status).toBe(400);
    expect((await sendPhoto(s(), c.cleaner.token, c.visitId, tinyJpeg(), { room: 'Hall', stage: 'during' })).status).toBe(400);
    expect(await filesOf(c.visitId)).toBe(0);
  });

  it(`a visit holds at most ${PHOTOS_PER_VISIT} photos, said clearly`, async () => {
    const c = await visitCast(s());
    const v = (await import('../../api/src/models/Visit')).Visit;
    const visit = (await v.findById(c.visitId).lean())!;
    await VisitPhoto.insertMany(
      Array.from({ length: PHOTOS_PER_VISIT - 1 }, (_, i) => ({
        visit: visit._id,
        plan: visit.plan,
        user: visit.user,
        employee: visit.employee,
        room: 'Hall',
        stage: 'before',
        file: `x${i}.jpg`,
        content_type: 'image/jpeg',
        size: 1,
        taken_at: new Date(),
      })),
    );
    expect((await sendPhoto(s(), c.cleaner.token, c.visitId, tinyJpeg())).status).toBe(201);
    const full = await sendPhoto(s(), c.cleaner.token, c.visitId, tinyJpeg());
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(`This visit already has ${PHOTOS_PER_VISIT} photos, the most one visit can keep. Ask the office if more are needed.`);
    expect(await VisitPhoto.countDocuments({ visit: c.visitId })).toBe(PHOTOS_PER_VISIT);
  });

  it('another cleaner, and a customer, cannot add to or list a visit that is not theirs (404)', async () => {
    const c = await visitCast(s());
    const other = await makeEmployee(s(), { name: 'Olly Other' });
    expect((await sendPhoto(s(), other.token, c.visitId, tinyJpeg())).status).toBe(404);
    expect((await s().call('GET', `/api/employee/visits/${c.visitId}/photos`, { token: other.token })).status).toBe(404);
    const d = await visitCast(s());
    expect((await s().call('GET', `/api/user/visits/${c.visitId}/photos`, { token: d.customer.token })).status).toBe(404);
    expect(await filesOf(c.visitId)).toBe(0);
  });

  it('a retry with the same Idempotency-Key is answered with the first photo: one row, one file', async () => {
    const c = await visitCast(s());
    const first = await sendPhoto(s(), c.cleaner.token, c.visitId, tinyJpeg(), { room: 'Bathroom', stage: 'after' }, 'photo-key-1');
    const again = await sendPhoto(s(), c.cleaner.token, c.visitId, tinyJpeg(), { room: 'Bathroom', stage: 'after' }, 'photo-key-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.photo.id).toBe(first.body.photo.id);
    expect(await VisitPhoto.countDocuments({ visit: c.visitId })).toBe(1);
    expect(await filesOf(c.visitId)).toBe(1);
  });
});

describe('reading photos', () => {
  it('the customer, the cleaner and the office list them; the link serves the bytes with a safe type; a changed link does not', async () => {
    const c = await visitCast(s());
    const sent = await sendPhoto(s(), c.cleaner.token, c.visitId, tinyPng(), { room: 'Living room', stage: 'before' });
    for (
      const [path, token] of [
        [`/api/user/visits/${c.visitId}/photos`, c.customer.token],
        [`/api/employee/visits/${c.visitId}/photos`, c.cleaner.token],
        [`/api/admin/visits/${c.visitId}/photos`, admin.token],
      ] as const
    ) {
      const res = await s().call('GET', path, { token });
      expect(res.status, path).toBe(200);
      expect(res.body.photos).toEqual([expect.objectContaining({ id: sent.body.photo.id, room: 'Living room', stage: 'before' })]);
      expect(res.body.photos[0].taken_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    }
    const url: string = sent.body.photo.url;
    const bytes = await fetch(s().url + url);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(bytes.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(tinyPng())).toBe(true);
    const changed = url.slice(0, -1) + (url.endsWith('A') ? 'B' : 'A');
    expect((await fetch(s().url + changed)).status).toBe(404);
    expect((await fetch(`${s().url}/api/photos/${sent.body.photo.id}`)).status).toBe(404);
    // The visits' answers say how many photos each holds, and that the home takes photos.
    const list = await s().call('GET', '/api/employee/visits', { token: c.cleaner.token });
    expect(list.body.visits.find((x: { id: string; }) => x.id === c.visitId)).toMatchObject({ photo_count: 1, photos_allowed: true });
  });

  it('a home with photos turned off: the cleaner is told so on the visit and a photo is refused; turned on again, it is taken', async () => {
    const c = await visitCast(s());
    // The plan's visits happen at a home of the customer's (a plan from before homes has none).
    const made = await s().call('POST', '/api/user/homes', {
      token: c.customer.token,
      json: { label: 'Holiday let', address: '2 Quay Street', postcode: 'CT51AB' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const home = made.body.home as { id: string; photos_allowed: boolean; };
    expect(home.photos_allowed).toBe(true);
    const { Plan } = await import('../../api/src/models/Plan');
    await Plan.updateOne({ _id: c.bookingId }, { $set: { home: home.id } });
    const off = await s().call('PATCH', `/api/user/homes/${home.id}`, { token: c.customer.token, json: { photos_allowed: false } });
    expect(off.status).toBe(200);
    const list = await s().call('GET', '/api/employee/visits', { token: c.cleaner.token });
    expect(list.body.visits.find((x: { id: string; }) => x.id === c.visitId)).toMatchObject({ photos_allowed: false });
    const refused = await sendPhoto(s(), c.cleaner.token, c.visitId, tinyJpeg());
    expect(refused.status).toBe(409);
    expect(await filesOf(c.visitId)).toBe(0);
    await s().call('PATCH', `/api/user/homes/${home.id}`, { token: c.customer.token, json: { photos_allowed: true } });
    expect((await sendPhoto(s(), c.cleaner.token, c.visitId, tinyJpeg())).status).toBe(201);
  });

  it('"Download my data" holds the photos: photos.json and the files themselves', async () => {
    const c = await visitCast(s());
    const sent = await sendPhoto(s(), c.cleaner.token, c.visitId, tinyPng(), { room: 'Kitchen', stage: 'after' });
    const res = await fetch(`${s().url}/api/user/data-export`, { headers: { Authorization: `Bearer ${c.customer.token}` } });
    expect(res.status).toBe(200);
    const entries = await readZip(Buffer.from(await res.arrayBuffer()));
    const photos = jsonEntries(entries)['photos.json'] as Array<{ id: string; file: string; room: string; }>;
    expect(photos).toEqual([expect.objectContaining({ id: sent.body.photo.id, room: 'Kitchen', stage: 'after' })]);
    expect(entries.get(photos[0].file)?.equals(tinyPng())).toBe(true);
    expect(entries.get('README.txt')!.toString()).toContain('photos.json');
  });
});
