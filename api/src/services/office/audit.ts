// The office's audit trail: every admin action is written here, read back per record and as one list.
import { AuditLog, type AuditDoc } from '../../models/AuditLog';
import type { AuditEntry, AuditTargetType } from '@shared/schemas/office';

export interface AuditActor {
  id: string;
  name: string;
  email?: string;
  role: string;
}

export interface AuditTarget {
  type: AuditTargetType;
  id: string;
  label?: string;
}

export interface AuditInput {
  actor: AuditActor;
  action: string;
  target: AuditTarget;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  note?: string;
}

/** The actor as stored, from an employee account (a lean doc or the public shape). */
export function actorOf(e: { _id?: unknown; id?: string; name: string; email?: string; role?: string | null }): AuditActor {
  return { id: String(e.id ?? e._id), name: e.name, email: e.email, role: e.role ?? 'employee' };
}

export async function recordAudit(entry: AuditInput): Promise<void> {
  await AuditLog.create({ ...entry, at: new Date() });
}

export function publicAudit(doc: AuditDoc): AuditEntry {
  const a = doc as AuditDoc & { actor: NonNullable<AuditDoc['actor']>; target: NonNullable<AuditDoc['target']> };
  return {
    id: String(a._id),
    at: a.at.toISOString(),
    actor: { id: a.actor.id, name: a.actor.name, email: a.actor.email ?? undefined, role: a.actor.role },
    action: a.action,
    target: { type: a.target.type as AuditTargetType, id: a.target.id, label: a.target.label ?? undefined },
    before: (a.before as Record<string, unknown> | undefined) ?? null,
    after: (a.after as Record<string, unknown> | undefined) ?? null,
    note: a.note ?? undefined,
  };
}

export interface AuditQuery {
  page: number;
  limit: number;
  type?: AuditTargetType;
  target?: string;
  actor?: string;
}

export async function listAudit(q: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }> {
  const filter: Record<string, unknown> = {};
  if (q.type) filter['target.type'] = q.type;
  if (q.target) filter['target.id'] = q.target;
  if (q.actor) filter['actor.id'] = q.actor;
  const [rows, total] = await Promise.all([
    AuditLog.find(filter).sort({ at: -1, _id: -1 }).skip((q.page - 1) * q.limit).limit(q.limit).lean<AuditDoc[]>(),
    AuditLog.countDocuments(filter),
  ]);
  return { entries: rows.map(publicAudit), total };
}

/** The newest entries about one record, for its detail view (bounded). */
export async function auditOf(type: AuditTargetType, id: string, limit = 50): Promise<AuditEntry[]> {
  const rows = await AuditLog.find({ 'target.type': type, 'target.id': id }).sort({ at: -1, _id: -1 }).limit(limit).lean<AuditDoc[]>();
  return rows.map(publicAudit);
}
