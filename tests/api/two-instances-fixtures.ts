// Two API instances on one database: the test's own server (a VisitsServer) and a second process on
// the engine's socket, mailing into the same catcher, so a test counts what each person was told.
import path from 'node:path';
import { engineSocketUri, instanceDir, startInstance, type Instance } from '../support/instances';
import type { CaughtMail } from '../support/mail-catcher';
import type { VisitsServer } from './visits-fixtures';

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
