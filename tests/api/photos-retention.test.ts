// A visit's photos are kept PHOTO_RETENTION_DAYS (90) from when the server took them, on the server's
// clock: the daily retention job, run by the job runner, keeps one a day before and removes it (row and
// file) a day after. The clock is moved on first, so a time written with the real clock would fail a side.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_JOB } from '../../api/src/jobs/retention';
import { AuditLog } from '../../api/src/models/AuditLog';
import { Job } from '../../api/src/models/Job';
import { PHOTO_BUCKET, VisitPhoto } from '../../api/src/models/VisitPhoto';
import { tinyPng } from './employee-fixtures';
import { sendPhoto, visitCast } from './photos-fixtures';
import { startVisitsServer, type VisitsServer } from './visits-fixtures';

const DAY = 86_400_000;
const FIRST_MOVE = 40 * DAY;
let v: VisitsServer;
beforeAll(async () => {
  v = await startVisitsServer({ JOBS_POLL_MS: '0', RETENTION_JOB: 'on' });
}, 120_000);
afterAll(async () => {
  await v?.s.close();
});

async function runAt(at: number) {
  await v.setOffset(at - Date.now());
  const before = await AuditLog.countDocuments({ action: 'retention.run' });
  await Job.updateMany({ kind: RETENTION_JOB, state: 'pending' }, { $set: { run_at: new Date(at) } });
  await v.s.deps.jobs.tick();
  expect(await AuditLog.countDocuments({ action: 'retention.run' }), 'the retention job ran').toBe(before + 1);
}

describe('photo retention', () => {
  it('kept 89 days after it was taken, gone (row and file) at 91', async () => {
    const c = await visitCast(v.s);
    await v.setOffset(FIRST_MOVE);
    const taken = Date.now() + FIRST_MOVE;
    const res = await sendPhoto(v.s, c.cleaner.token, c.visitId, tinyPng());
    expect(res.status).toBe(201);
    const files = () => mongoose.connection.db!.collection(`${PHOTO_BUCKET}.files`).countDocuments({ 'metadata.visit': c.visitId });
    await runAt(taken + 89 * DAY);
    expect(await VisitPhoto.countDocuments({ visit: c.visitId }), 'a day before its end').toBe(1);
    expect(await files()).toBe(1);
    await runAt(taken + 91 * DAY);
    expect(await VisitPhoto.countDocuments({ visit: c.visitId }), 'a day after its end').toBe(0);
    expect(await files()).toBe(0);
  });
});
