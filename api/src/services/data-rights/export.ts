// "Download my data": a copy made at once and streamed, or — for a large account — made by
// the job runner into GridFS and e-mailed as a signed, single-use link that works for a few days.
// Every copy is a row of the office's data requests and an audit entry.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DATA_RIGHTS_MSG as M } from '@shared/messages-data-rights';
import type { Deps } from '../../deps';
import { notify } from '../../notify/notify';
import { HttpError, notFound } from '../../lib/errors';
import { takeAll } from '../../lib/rate-limit';
import { DataRequest, EXPORT_BUCKET, type DataRequestDoc } from '../../models/DataRequest';
import { Employee } from '../../models/Employee';
import { User } from '../../models/User';
import { recordAudit, type AuditActor } from '../office/audit';
import { collectByEmail, collectCustomer, collectEmployee, type ExportBundle } from './collect';
import { exportFileName, zipBundle } from './zip';

export const DATA_EXPORT_JOB = 'data-export';
/** "Download my data" per account per clock hour. */
export const EXPORTS_PER_HOUR = 5;

export interface Subject {
  type: 'customer' | 'employee' | 'applicant';
  /** The account's id (customer, employee). */
  id?: string;
  /** An applicant is known by e-mail only. */
  email?: string;
}
export interface Requester {
  type: 'self' | 'office';
  id: string;
  name?: string;
  role: string;
}

type ExportDeps = Pick<Deps, 'files' | 'jobs' | 'clock' | 'config' | 'mailer' | 'log'>;

export type ExportAnswer = { kind: 'zip'; stream: Readable; filename: string; } | { kind: 'queued'; days: number; };

function collect(subject: Subject, vatPercent: number, now: Date): Promise<ExportBundle | null> {
  if (subject.type === 'customer') return collectCustomer(subject.id!, vatPercent, now);
  if (subject.type === 'employee') return collectEmployee(subject.id!);
  return collectByEmail(subject.email!);
}

const auditActor = (by: Requester): AuditActor => ({ id: by.id, name: by.type === 'self' ? M.byThemselves : (by.name ?? ''), role: by.role });
const auditType = (s: Subject) => (s.type === 'customer' ? 'customer' : s.type === 'employee' ? 'staff' : 'message');

async function record(deps: ExportDeps, subject: Subject, by: Requester, fields: Partial<DataRequestDoc> = {}) {
  const row = await DataRequest.create({
    at: deps.clock.now(),
    kind: 'export',
    // An applicant's row carries their e-mail: the office needs to see whose copy it made.
    subject: { type: subject.type, id: subject.id, label: subject.type === 'applicant' ? subject.email : undefined },
    by: { type: by.type, id: by.id, name: by.type === 'office' ? by.name : undefined },
    ...fields,
  });
  await recordAudit({
    actor: auditActor(by),
    action: 'data.export',
    target: { type: auditType(subject), id: subject.id ?? String(row._id) },
    after: { state: fields.state ?? 'downloaded' },
  });
  return row;
}

/**
 * A copy of the subject's data. `allowQueue`: a large one goes to the job runner and is e-mailed (the
 * person's own request); the office always gets its copy at once.
 */
export async function exportData(deps: ExportDeps, subject: Subject, by: Requester, allowQueue: boolean): Promise<ExportAnswer> {
  // Each copy builds the whole ZIP and writes a request row and an audit entry: a person's own asks are
  // counted per account on the server's clock (no header of the request changes the key).
  if (by.type === 'self') {
    await takeAll([{
      name: 'data-export',
      key: `${subject.type}:${subject.id}`,
      max: EXPORTS_PER_HOUR,
      windowMs: 3_600_000,
      message: M.exportLimit(EXPORTS_PER_HOUR),
    }], deps.clock.now().getTime());
  }
  const bundle = await collect(subject, deps.config.vatPercent, deps.clock.now());
  if (!bundle) throw notFound(M.notFound);
  if (allowQueue && bundle.rows > deps.config.dataExportInlineMaxRows) {
    const row = await record(deps, subject, by, { state: 'queued' });
    await deps.jobs.schedule({
      key: `${DATA_EXPORT_JOB}:${String(row._id)}`,
      kind: DATA_EXPORT_JOB,
      runAt: deps.clock.now(),
      payload: { requestId: String(row._id) },
    });
    return { kind: 'queued', days: deps.config.retention.exportLinkDays };
  }
  const now = deps.clock.now();
  await record(deps, subject, by);
  return { kind: 'zip', stream: await zipBundle(deps.files, bundle, now), filename: exportFileName(now) };
}

const signature = (secret: string, id: string) => createHmac('sha256', secret).update(`data-export:${id}`).digest('base64url');
export const exportLinkToken = (secret: string, id: string) => `${id}.${signature(secret, id)}`;

/** The job: make the ZIP into GridFS, then mail its link (mail last, so a crash before it makes it again). */
export function defineDataExportJob(deps: ExportDeps) {
  deps.jobs.define(DATA_EXPORT_JOB, async (payload) => {
    const row = await DataRequest.findById(String(payload.requestId)).lean<DataRequestDoc>();
    if (!row || row.state !== 'queued') return;
    const subject = row.subject as Subject;
    const account = subject.type === 'customer' ? await User.findById(subject.id).lean() : await Employee.findById(subject.id).lean();
    const bundle = await collect(subject, deps.config.vatPercent, deps.clock.now());
    if (!account || !bundle) return;
    const now = deps.clock.now();
    const file = `${String(row._id)}.zip`;
    await deps.files.remove(EXPORT_BUCKET, file);
    await deps.files.save(EXPORT_BUCKET, file, await zipBundle(deps.files, bundle, now), 'application/zip');
    const days = deps.config.retention.exportLinkDays;
    const link = `${deps.config.publicUrl ?? ''}/api/data-export/${exportLinkToken(deps.config.jwtSecret, String(row._id))}`;
    await notify(deps, { type: 'address', email: account.email }, 'transactional', { subject: M.exportLinkSubject, text: M.exportLinkText(link, days) });
    await DataRequest.updateOne({ _id: row._id, state: 'queued' }, { $set: { state: 'sent', file, expires_at: new Date(now.getTime() + days * 86_400_000) } });
  });
}

/** The e-mailed link: checked, used up in one conditional update, then the file streamed and removed. */
export async function openPreparedExport(deps: ExportDeps, token: string): Promise<{ stream: Readable; filename: string; }> {
  const gone = new HttpError(410, M.exportLinkGone);
  const [id, sig] = token.split('.');
  if (!id || !sig || !/^[a-f0-9]{24}$/.test(id)) throw gone;
  const want = Buffer.from(signature(deps.config.jwtSecret, id));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw gone;
  const now = deps.clock.now();
  const row = await DataRequest.findOneAndUpdate({ _id: id, state: 'sent', expires_at: { $gt: now } }, { $set: { state: 'downloaded', used_at: now } }, {
    returnDocument: 'after',
  }).lean<DataRequestDoc>();
  if (!row?.file) throw gone;
  const file = row.file;
  const stream = deps.files.open(EXPORT_BUCKET, file);
  stream.on(
    'end',
    () => void deps.files.remove(EXPORT_BUCKET, file).catch((err: unknown) => deps.log.warn({ err, file }, 'could not remove a downloaded export')),
  );
  return { stream, filename: exportFileName(row.at) };
}
