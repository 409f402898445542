// The office's side of data rights: the list of requests, a copy for someone who asked by
// e-mail, and erasing an applicant (their applications and CVs).
import type { DataRequestRow } from '@shared/schemas/data-rights';
import { DATA_RIGHTS_MSG as M } from '@shared/messages-data-rights';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import { CareerApplication, CV_BUCKET } from '../../models/CareerApplication';
import { DataRequest, type DataRequestDoc } from '../../models/DataRequest';
import { User } from '../../models/User';
import { recordAudit, type AuditActor } from '../office/audit';
import { exportData, type ExportAnswer } from './export';

const row = (d: DataRequestDoc): DataRequestRow => ({
  id: String(d._id),
  at: d.at.toISOString(),
  kind: d.kind as DataRequestRow['kind'],
  subject: { type: d.subject.type as DataRequestRow['subject']['type'], id: d.subject.id ?? undefined, label: d.subject.label ?? undefined },
  by: { type: d.by.type as DataRequestRow['by']['type'], name: d.by.name ?? undefined },
  state: d.state ?? undefined,
});

export async function listDataRequests(q: { page: number; limit: number; }): Promise<{ requests: DataRequestRow[]; total: number; }> {
  const [docs, total] = await Promise.all([
    DataRequest.find({}).sort({ at: -1 }).skip((q.page - 1) * q.limit).limit(q.limit).lean<DataRequestDoc[]>(),
    DataRequest.countDocuments({}),
  ]);
  return { requests: docs.map(row), total };
}

/** A copy made by the office for a customer (by their account's e-mail) or an applicant (by theirs). */
export async function officeExport(
  deps: Parameters<typeof exportData>[0],
  actor: AuditActor,
  email: string,
  kind: 'customer' | 'applicant',
): Promise<ExportAnswer> {
  const by = { type: 'office' as const, id: actor.id, name: actor.name, role: actor.role };
  if (kind === 'applicant') return exportData(deps, { type: 'applicant', email }, by, false);
  const user = await User.findOne({ email, closed_at: { $exists: false } }, { _id: 1 }).lean();
  if (!user) throw notFound(M.notFound);
  return exportData(deps, { type: 'customer', id: String(user._id) }, by, false);
}

/** Every application from this e-mail and its CV, removed now (the applicant asked to be erased). */
export async function eraseApplicant(deps: Pick<Deps, 'files' | 'clock'>, actor: AuditActor, email: string): Promise<number> {
  const apps = await CareerApplication.find({ email }, { cv: 1 }).lean();
  if (!apps.length) throw notFound(M.notFound);
  for (const a of apps) if (a.cv?.stored_name) await deps.files.remove(CV_BUCKET, a.cv.stored_name);
  const { deletedCount } = await CareerApplication.deleteMany({ _id: { $in: apps.map((a) => a._id) } });
  const req = await DataRequest.create({
    at: deps.clock.now(),
    kind: 'erase',
    subject: { type: 'applicant' },
    by: { type: 'office', id: actor.id, name: actor.name },
  });
  // No e-mail in the append-only log: the request's id stands for the person.
  await recordAudit({ actor, action: 'applicant.erase', target: { type: 'message', id: String(req._id) }, after: { applications: deletedCount } });
  return deletedCount;
}
