// The daily generation pass: the reminder of each visit it creates is planned with one write and no
// reads (the whole plan's reminders were synced per plan: 38 s for 3 334 plans at bench:scale), and a
// visit another writer made first is neither counted nor reminded by this pass. Its record of how far each
// plan is generated moves no plans' write version (the schedule's kept plan facts survive the pass).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import mongoose from 'mongoose';
import { addDays, londonDate, weekdayOf } from '@shared/visits';
import { Job } from '../../api/src/models/Job';
import { Plan } from '../../api/src/models/Plan';
import { Visit } from '../../api/src/models/Visit';
import { remindNewVisits } from '../../api/src/jobs/visit-notices';
import { reminderKey } from '../../api/src/jobs/visit-reminders';
import { generateAll, type NewVisit } from '../../api/src/services/plans/visits-generate';
import { writeVersions } from '../../api/src/models/write-version';
import { startVisitsServer, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
beforeAll(async () => {
  v = await startVisitsServer();
});
afterAll(async () => {
  await v?.s.close();
});

describe('the generation pass', () => {
  it('plans one reminder per visit it created, reading no job, and skips what another writer made', async () => {
    const now = v.s.deps.clock.now();
    const today = londonDate(now);
    const horizon = v.s.deps.config.visitHorizonDays;
    const plans = Array.from({ length: 12 }, (_, i) => {
      const anchor = addDays(today, 1 + (i % 7));
      return {
        _id: new mongoose.Types.ObjectId(),
        user: new mongoose.Types.ObjectId(),
        reference: `SC-PASS${i}`,
        employee: null,
        frequency: 'weekly',
        anchor,
        time: '10:00',
        days: [weekdayOf(anchor)],
        state: 'active',
        version: 0,
        generated_through: '',
      };
    });
    // The first plan was generated through today: the pass only adds dates after it, and meets the
    // visit another instance made first on its anchor as a duplicate insert.
    plans[0].generated_through = today;
    await Plan.insertMany(plans);
    // Another instance made one of the first plan's visits already.
    const taken = {
      plan: plans[0]._id,
      user: plans[0].user,
      reference: plans[0].reference,
      slot: plans[0].anchor,
      day: plans[0].anchor,
      start: new Date(Date.parse(`${plans[0].anchor}T10:00:00Z`)),
      state: 'scheduled' as const,
    };
    await Visit.create(taken);
    const heard: NewVisit[] = [];
    const before = await writeVersions('visits', 'plans');
    const reads = vi.spyOn(Job, 'find');
    let jobReads = -1;
    const created = await generateAll(now, horizon, async (visits) => {
      heard.push(...visits);
      await remindNewVisits(v.s.deps, visits);
    }).finally(() => {
      jobReads = reads.mock.calls.length;
      reads.mockRestore();
    });
    expect(jobReads).toBe(0);
    // The new visits move the visits' version (kept answers see them); generated_through moves no plans' version.
    const after = await writeVersions('visits', 'plans');
    expect(after.visits).toBeGreaterThan(before.visits);
    expect(after.plans).toBe(before.plans);
    expect((await Plan.find({ _id: { $in: plans.map((p) => p._id) } }, { generated_through: 1 }).lean()).map((p) => p.generated_through)).toEqual(
      plans.map(() => addDays(today, horizon)),
    );
    const visits = await Visit.find({ plan: { $in: plans.map((p) => p._id) } }).lean();
    expect(created).toBe(visits.length - 1);
    expect(heard).toHaveLength(created);
    expect(heard.map((x) => String(x._id))).not.toContain(
      String(visits.find((x) => x.slot === plans[0].anchor && String(x.plan) === String(plans[0]._id))!._id),
    );
    const jobs = await Job.find({ key: { $in: heard.map((x) => reminderKey(String(x._id), 'customer')) } }).lean();
    expect(jobs).toHaveLength(heard.length);
    for (const j of jobs) expect(j).toMatchObject({ state: 'pending', kind: 'visit-reminder' });
    // A second pass has nothing to do.
    expect(await generateAll(now, horizon, (x) => remindNewVisits(v.s.deps, x))).toBe(0);
  });
});
