// Two API instances on one database: the test's own server (a VisitsServer) and a second process on
// the engine's socket, mailing into the same catcher, so a test counts what each person was told.
import path from 'node:path';
import { cleanUpInstances, engineSocketUri, instanceDir, startInstance, type Instance } from '../support/instances';
import type { CaughtMail } from '../support/mail-catcher';
import { makeEmployee, type TestEmployee } from './employee-fixtures';
import { startVisitsServer, type VisitsServer } from './visits-fixtures';

/** A second instance on `vs`'s database and mail catcher, with the same signing secret. */
export async function secondInstance(vs: VisitsServer, dirPrefix: string): Promise<Instance> {
  return startInstance(await instanceDir(dirPrefix), {
    MONGODB_URI: engineSocketUri(vs.s.dataDir),
    SMTP_URL: vs.s.mail.url,
    JWT_SECRET: 'test-secret-of-at-least-32-bytes-' + path.basename(vs.s.dataDir),
    BCRYPT_COST: '4',
  });
}

/** Mails to `to` since `after`, after waiting for the first and then a while for a second. */
export async function mailsTo(vs: VisitsServer, to: string, after: number): Promise<CaughtMail[]> {
  await vs.s.mail.waitFor(to, { after });
  await vs.s.mail.waitFor(to, { after: vs.s.mail.mails.length, timeoutMs: 1500 }).catch(() => undefined);
  return vs.s.mail.mails.slice(after).filter((m) => m.to === to.toLowerCase());
}

/** The test's server with an office admin, and a second instance on its database (stop with stopTwoInstances). */
export async function startTwoInstances(dirPrefix: string): Promise<{ vs: VisitsServer; second: Instance; admin: TestEmployee; }> {
  const vs = await startVisitsServer();
  const admin = await makeEmployee(vs.s, { name: 'Ada Admin', role: 'admin' });
  return { vs, admin, second: await secondInstance(vs, dirPrefix) };
}

export async function stopTwoInstances(vs: VisitsServer | undefined): Promise<void> {
  await cleanUpInstances();
  await vs?.s.close();
}
