// Problems from the doorstep: the office is told once (a retry or the phone's id again is the same
// problem), the customer is told of a breakage with links to its photos and never the access notes,
// "couldn't get in" is the lockout, the visits' answers show problems, the office resolves with a note
// (audited), and the data copy holds them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../api/src/models/AuditLog';
import { Plan } from '../../api/src/models/Plan';
import { Problem } from '../../api/src/models/Problem';
import { Visit } from '../../api/src/models/Visit';
import { jsonEntries, readZip } from '../support/zip';
import { makeEmployee, tinyPng, type TestEmployee } from './employee-fixtures';
import { sendPhoto, visitCast } from './photos-fixtures';
import { startVisitsServer, type VisitsServer } from './visits-fixtures';

const OFFICE = 'office-problems@example.com';
const MINUTE = 60_000;
let vs: VisitsServer;
let admin: TestEmployee;
beforeAll(async () => {
  vs = await startVisitsServer({ JOBS_POLL_MS: '0', OFFICE_EMAIL: OFFICE, PUBLIC_URL: 'https://clean.example' });
  admin = await makeEmployee(vs.s, { role: 'admin', name: 'Ada Admin' });
}, 120_000);
afterAll(async () => {
  await vs?.setOffset(0);
  await vs?.s.close();
});
const s = () => vs.s;
const mailsTo = (to: string, subject: RegExp) => s().mail.mails.filter((m) => m.to === to && subject.test(m.subject));
const report = (token: string, visitId: string, json: unknown, key?: string) =>
  s().call('POST', `/api/employee/visits/${visitId}/problems`, { token, json, headers: key ? { 'Idempotency-Key': key } : {} });
/** The job runner's due jobs, `minutes` on (the customer's notice waits for the photos). */
async function later(minutes: number) {
  await vs.setOffset(minutes * MINUTE);
  await s().deps.jobs.tick();
}

describe('a breakage reported from the doorstep', () => {
  it('the office is told once, the customer with the photos’ links and not the access notes; the visits show it', async () => {
    await vs.setOffset(0);
    const c = await visitCast(s());
    await Plan.updateOne({ _id: c.bookingId }, { $set: { access_notes: 'Key under the blue pot, alarm 4821' } });
    const id = '5f0000000000000000000001';
    const first = await report(c.cleaner.token, c.visitId, { id, kind: 'broken', note: 'Vase in the hall was already cracked' }, 'problem-key-1');
    expect(first.status).toBe(201);
    expect(first.body.problem).toMatchObject({ id, kind: 'broken', state: 'open', note: 'Vase in the hall was already cracked' });
    // A retry with its key, and the same phone-made id sent again with another key: the same problem.
    expect((await report(c.cleaner.token, c.visitId, { id, kind: 'broken', note: 'Vase in the hall was already cracked' }, 'problem-key-1')).body.problem.id)
      .toBe(id);
    expect((await report(c.cleaner.token, c.visitId, { id, kind: 'broken', note: 'Vase in the hall was already cracked' }, 'problem-key-2')).status).toBe(200);
    expect(await Problem.countDocuments({ visit: c.visitId })).toBe(1);
    const photo = await sendPhoto(s(), c.cleaner.token, c.visitId, tinyPng(), { room: 'Hall', stage: 'problem', problem_id: id });
    expect(photo.status).toBe(201);
    expect(photo.body.photo.problem_id).toBe(id);

    const office = await s().mail.waitFor(OFFICE, { subject: /Problem reported: Something broken/ });
    expect(office.text).toContain('Vase in the hall was already cracked');
    expect(office.text).not.toContain('alarm 4821');
    // The customer's notice waits a few minutes for the photos, then goes once.
    expect(mailsTo(c.customer.email, /A note from your clean/)).toHaveLength(0);
    await later(11);
    const mail = await s().mail.waitFor(c.customer.email, { subject: /A note from your clean/ });
    expect(mail.text).toContain('Vase in the hall was already cracked');
    expect(mail.text).not.toMatch(/blue pot|4821/);
    const link = /https:\/\/clean\.example(\/api\/photos\/\S+)/.exec(mail.text)![1];
    expect(link).toContain(photo.body.photo.id);
    const bytes = await fetch(s().url + link);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(tinyPng())).toBe(true);
    await later(30);
    expect(mailsTo(OFFICE, /Problem reported/).filter((m) => m.text.includes(c.visitId) || m.text.includes('Vase'))).toHaveLength(1);
    expect(mailsTo(c.customer.email, /A note from your clean/)).toHaveLength(1);

    // The cleaner's and the customer's visits show it.
    for (const [path, token] of [['/api/employee/visits', c.cleaner.token], ['/api/user/visits', c.customer.token]] as const) {
      const list = await s().call('GET', path, { token });
      const visit = list.body.visits.find((x: { id: string; }) => x.id === c.visitId);
      expect(visit.problems, path).toEqual([expect.objectContaining({ id, kind: 'broken', state: 'open' })]);
    }
    await vs.setOffset(0);
  });

  it('another cleaner cannot report at a visit that is not theirs (404), nor attach photos to another visit’s problem', async () => {
    const c = await visitCast(s());
    const other = await makeEmployee(s(), { name: 'Olly Other' });
    expect((await report(other.token, c.visitId, { kind: 'other', note: 'x' })).status).toBe(404);
    const d = await visitCast(s());
    const theirs = await report(d.cleaner.token, d.visitId, { kind: 'missing', note: 'No bin bags' });
    const res = await sendPhoto(s(), c.cleaner.token, c.visitId, tinyPng(), { room: 'Hall', stage: 'problem', problem_id: theirs.body.problem.id });
    expect(res.status).toBe(400);
    expect(await Problem.countDocuments({ visit: c.visitId })).toBe(0);
  });
});

describe('"Couldn\'t get in" is the lockout', () => {
  it('refused before the visit’s time; at the door the visit is skipped once and the problem kept once', async () => {
    await vs.setOffset(0);
    const c = await visitCast(s(), 2);
    const visit = (await Visit.findById(c.visitId).lean())!;
    expect((await report(c.cleaner.token, c.visitId, { kind: 'couldnt_get_in', note: 'No answer' })).status).toBe(409);
    expect(await Problem.countDocuments({ visit: c.visitId })).toBe(0);
    await vs.setOffset(visit.start.getTime() + 5 * MINUTE - Date.now());
    const first = await report(c.cleaner.token, c.visitId, { kind: 'couldnt_get_in', note: 'No answer' });
    expect(first.status).toBe(201);
    const again = await report(c.cleaner.token, c.visitId, { kind: 'couldnt_get_in', note: 'No answer' });
    expect(again.status).toBe(200);
    expect(again.body.problem.id).toBe(first.body.problem.id);
    expect(await Visit.findById(c.visitId).lean()).toMatchObject({ state: 'skipped', lockout_note: 'No answer' });
    expect(await AuditLog.countDocuments({ action: 'visit.lockout', 'target.id': c.bookingId })).toBe(1);
    expect(await Problem.countDocuments({ visit: c.visitId })).toBe(1);
    await vs.setOffset(0);
  });
});

describe('the card\'s "Couldn\'t get in" (the lockout route)', () => {
  it('is kept as one problem too, however often it is sent', async () => {
    await vs.setOffset(0);
    const c = await visitCast(s(), 2);
    const visit = (await Visit.findById(c.visitId).lean())!;
    await vs.setOffset(visit.start.getTime() + 5 * MINUTE - Date.now());
    const url = `/api/employee/visits/${c.visitId}/lockout`;
    expect((await s().call('POST', url, { token: c.cleaner.token, json: { note: 'Gate locked' } })).status).toBe(200);
    expect((await s().call('POST', url, { token: c.cleaner.token, json: {} })).status).toBe(200);
    expect(await Problem.find({ visit: c.visitId }, { kind: 1, note: 1, _id: 0 }).lean()).toEqual([{ kind: 'couldnt_get_in', note: 'Gate locked' }]);
    expect(await AuditLog.countDocuments({ action: 'visit.lockout', 'target.id': c.bookingId })).toBe(1);
    await vs.setOffset(0);
  });
});

describe('the office', () => {
  it('lists the open problems a page at a time, resolves one with a note (audited), once', async () => {
    await vs.setOffset(0);
    const c = await visitCast(s());
    const made = await report(c.cleaner.token, c.visitId, { kind: 'unsafe', note: 'Loose stair rail' });
    const open = await s().call('GET', '/api/admin/problems?state=open&limit=1', { token: admin.token });
    expect(open.status).toBe(200);
    expect(open.body.problems).toHaveLength(1);
    expect(open.body.total).toBeGreaterThanOrEqual(1);
    expect(open.body.pages).toBe(open.body.total);
    const all = await s().call('GET', '/api/admin/problems?state=open&limit=100', { token: admin.token });
    const row = all.body.problems.find((p: { id: string; }) => p.id === made.body.problem.id);
    expect(row).toMatchObject({ kind: 'unsafe', note: 'Loose stair rail', cleaner_first_name: 'Cleo' });
    expect(row.customer_name).toBeTruthy();
    expect(row.visit_start).toMatch(/^\d{4}-/);
    expect((await s().call('GET', '/api/admin/problems?state=open', { token: c.cleaner.token })).status).toBe(403);
    expect((await s().call('POST', `/api/admin/problems/${made.body.problem.id}/resolve`, { token: admin.token, json: { note: '' } })).status).toBe(400);
    const done = await s().call('POST', `/api/admin/problems/${made.body.problem.id}/resolve`, { token: admin.token, json: { note: 'Landlord called' } });
    expect(done.status).toBe(200);
    expect(done.body.problem).toMatchObject({ state: 'resolved', resolve_note: 'Landlord called' });
    expect((await s().call('POST', `/api/admin/problems/${made.body.problem.id}/resolve`, { token: admin.token, json: { note: 'again' } })).status).toBe(409);
    const audit = await AuditLog.find({ action: 'problem.resolve', 'target.id': c.bookingId }).lean();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: { id: admin.id }, note: 'Landlord called' });
    const still = await s().call('GET', '/api/admin/problems?state=open&limit=100', { token: admin.token });
    expect(still.body.problems.map((p: { id: string; }) => p.id)).not.toContain(made.body.problem.id);
  });

  it('the customer’s data copy holds the problems of their visits', async () => {
    const c = await visitCast(s());
    const made = await report(c.cleaner.token, c.visitId, { kind: 'missing', note: 'No hoover bags' });
    const res = await fetch(`${s().url}/api/user/data-export`, { headers: { Authorization: `Bearer ${c.customer.token}` } });
    const problems = jsonEntries(await readZip(Buffer.from(await res.arrayBuffer())))['problems.json'];
    expect(problems).toEqual([expect.objectContaining({ id: made.body.problem.id, kind: 'missing', note: 'No hoover bags', state: 'open' })]);
  });
});
