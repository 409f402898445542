// Two API instances on one database generate at the same moment: each visit is created once (the
// unique plan + date index decides), and between them they create exactly the visits the rules give.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { addDays, londonDate, planDates } from '@shared/visits';
import { Plan } from '../../api/src/models/Plan';
import { Visit } from '../../api/src/models/Visit';
import { generateAll, ruleOf } from '../../api/src/services/plans/visits-generate';
import { startTestServer, type TestServer } from '../support/test-server';

const root = path.resolve(import.meta.dirname, '../..');
let s: TestServer;
let child: ChildProcess | undefined;
let childDir = '';
beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4' });
  childDir = await mkdtemp(path.join(tmpdir(), 'sc-second-'));
});
afterAll(async () => {
  child?.kill('SIGTERM');
  await s?.close();
  await rm(childDir, { recursive: true, force: true });
});

/** Starts a second instance (its own process) on this server's database; `onPass` when its generation starts; resolves with its log lines once it listens and its start pass is done. */
function secondInstance(uri: string, onPass: () => void): Promise<string[]> {
  const env = {
    ...process.env,
    MONGODB_URI: uri,
    DATA_DIR: childDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SKIP_PWA_BUILD: '1',
    LOG_LEVEL: 'debug',
    JWT_SECRET: 'second-instance-secret-of-at-least-32-bytes',
    NODE_ENV: 'test',
  };
  child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    let out = '';
    child!.stdout!.on('data', (d) => {
      out += d;
      lines.push(...out.split('\n').slice(0, -1));
      out = out.slice(out.lastIndexOf('\n') + 1);
      if (lines.some((l) => l.includes('visit generation pass'))) onPass();
      if (lines.some((l) => l.includes('SparkleClean is running')) && lines.some((l) => l.includes('visit generation pass done'))) resolve(lines);
    });
    child!.stderr!.on('data', (d) => (out += d));
    child!.on('exit', (code) => reject(new Error(`second instance exited ${code}: ${lines.join('\n')}${out}`)));
  });
}

describe('two API instances on one database', () => {
  it('generate at once: every visit exists once, and their counts add up to the rules', async () => {
    const today = londonDate(Date.now());
    const user = new mongoose.Types.ObjectId();
    const plans = Array.from({ length: 40 }, (_, i) => ({
      _id: new mongoose.Types.ObjectId(),
      user,
      reference: `SC-TWO${i}`,
      frequency: i % 2 ? 'weekly' : 'daily',
      anchor: addDays(today, 1 + (i % 7)),
      time: '09:00',
      days: i % 2 ? [] : [1, 2, 3, 4, 5],
      state: 'active',
      generated_through: '',
    }));
    await Plan.insertMany(plans);
    const uri = (mongoose.connection as unknown as { _connectionString: string; })._connectionString;
    const horizon = s.deps.config.visitHorizonDays;
    // Both at the same moment: the second instance's start-up pass, and this one's.
    let go: () => void = () => undefined;
    const started = new Promise<void>((r) => (go = r));
    const [lines, mine] = await Promise.all([
      secondInstance(uri, () => go()),
      started.then(() => Promise.all([generateAll(new Date(), horizon), generateAll(new Date(), horizon)])).then(([a, b]) => a + b),
    ]);
    const theirs = lines.map((l) => JSON.parse(l.startsWith('{') ? l : '{}') as { msg?: string; created?: number; }).filter((l) =>
      l.msg === 'visit generation pass done'
    ).reduce((n, l) => n + (l.created ?? 0), 0);

    const expected = plans.reduce((n, p) => n + planDates(ruleOf(p as never), today, addDays(today, horizon)).length, 0);
    const dupes = await Visit.aggregate([{ $group: { _id: { plan: '$plan', slot: '$slot' }, n: { $sum: 1 } } }, { $match: { n: { $gt: 1 } } }]);
    expect(dupes).toEqual([]);
    expect(await Visit.countDocuments({ user })).toBe(expected);
    expect(mine + theirs).toBe(expected);
    expect(expected).toBeGreaterThan(40 * 12);
  }, 60_000);
});
