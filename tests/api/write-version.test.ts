// A collection's write version (models/write-version.ts) moves with every write through its model that
// changed something, and only then: a conditional write that lost, or a delete that found nothing, is no
// write for the kept answers (an accept made ~20 such moves, each a round trip to the database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { User } from '../../api/src/models/User';
import { recordSheetChange } from '../../api/src/models/TimesheetTotal';
import { writeVersions } from '../../api/src/models/write-version';
import { startTestServer, type TestServer } from '../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const version = async (name: 'users' | 'timesheet_totals') => (await writeVersions(name))[name];

describe('write versions', () => {
  it('move when a write changed something, not when it changed nothing', async () => {
    const u = await User.create({ name: 'Vera Version', email: 'vera.version@example.com', passwordHash: 'x'.repeat(20) });
    const v0 = await version('users');
    await User.updateOne({ _id: u._id, name: 'Somebody Else' }, { $set: { name: 'Nope' } });
    await User.deleteMany({ email: 'nobody.at.all@example.com' });
    expect(await version('users')).toBe(v0);
    await User.updateOne({ _id: u._id }, { $set: { name: 'Vera Renamed' } });
    expect(await version('users')).toBe(v0 + 1);
    await User.deleteOne({ _id: u._id });
    expect(await version('users')).toBe(v0 + 2);
  });

  it('timesheet totals move only when a row was counted (a visit inserted without hours is none)', async () => {
    const t0 = await version('timesheet_totals');
    await recordSheetChange(null, null);
    expect(await version('timesheet_totals')).toBe(t0);
  });

  it('start at a random point, so a new or restored database never shows a version an instance kept answers for', async () => {
    const before = await writeVersions('users', 'inbox');
    // What a restore leaves (ops/restore.ts drops the restored counters), or a second company's database.
    await mongoose.connection.db!.collection('write_versions').drop();
    const after = await writeVersions('users', 'inbox');
    expect(after.users).not.toBe(before.users);
    expect(after.inbox).not.toBe(before.inbox);
    expect(Number.isSafeInteger(after.users + 1e6)).toBe(true);
    await User.create({ name: 'Vera Again', email: 'vera.again@example.com', passwordHash: 'x'.repeat(20) });
    expect(await version('users')).toBe(after.users + 1);
  });
});
