// The office's audit trail: every admin action is written here, read back per record and as one list.
import { AuditLog, type AuditDoc } from '../../models/AuditLog';
import type { AuditEntry, AuditTargetType } from '@shared/schemas/office';
import { AUDIT_PERSON_KEYS } from '@shared/messages-audit';
import { Employee } from '../../models/Employee';
import { cappedTotal, type PageTotal } from './page-total';

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
export function actorOf(e: { _id?: unknown; id?: string; name: string; email?: string; role?: string | null; }): AuditActor {
  return { id: String(e.id ?? e._id), name: e.name, email: e.email, role: e.role ?? 'employee' };
}

export async function recordAudit(entry: AuditInput): Promise<void> {
  // `at` is the model's: the server's clock, which retention and the audit list read against.
  await AuditLog.create(entry);
}

export function publicAudit(doc: AuditDoc): AuditEntry {
  const a = doc as AuditDoc & { actor: NonNullable<AuditDoc['actor']>; target: NonNullable<AuditDoc['target']>; };
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

export async function listAudit(q: AuditQuery): Promise<{ entries: AuditEntry[]; } & PageTotal> {
  const filter: Record<string, unknown> = {};
  if (q.type) filter['target.type'] = q.type;
  if (q.target) filter['target.id'] = q.target;
  if (q.actor) filter['actor.id'] = q.actor;
  // The whole log's size is known at once; one kind or one member's entries are counted up to the cap
  // (their index keys are one per entry: a full count would walk years of them).
  const total: Promise<PageTotal> = Object.keys(filter).length
    ? cappedTotal(AuditLog as never, filter)
    : AuditLog.estimatedDocumentCount().then((n) => ({ total: n }));
  const [rows, counted] = await Promise.all([
    AuditLog.find(filter).sort({ at: -1, _id: -1 }).skip((q.page - 1) * q.limit).limit(q.limit).lean<AuditDoc[]>(),
    total,
  ]);
  return { entries: await withNames(rows.map(publicAudit)), ...counted };
}

/** The staff ids an entry's before/after hold under the person keys. */
const personIds = (e: AuditEntry): string[] =>
  [e.before, e.after].flatMap((side) => AUDIT_PERSON_KEYS.map((k) => side?.[k])).filter((v): v is string => typeof v === 'string' && /^[a-f0-9]{24}$/.test(v));

/**
 * Adds the names of the staff whose ids the entries' before/after hold (a cleaner given or taken a
 * booking), one query per page, so the office reads "was Cara Cleaner", not an id.
 */
export async function withNames(entries: AuditEntry[]): Promise<AuditEntry[]> {
  const ids = [...new Set(entries.flatMap(personIds))];
  if (!ids.length) return entries;
  const rows = await Employee.find({ _id: { $in: ids } }, { name: 1 }).lean();
  const all = new Map(rows.map((r) => [String(r._id), r.name]));
  return entries.map((e) => {
    const names = Object.fromEntries(personIds(e).flatMap((id) => (all.has(id) ? [[id, all.get(id)!]] : [])));
    return Object.keys(names).length ? { ...e, names } : e;
  });
}

/** The newest entries about one record, for its detail view (bounded). */
export async function auditOf(type: AuditTargetType, id: string, limit = 50): Promise<AuditEntry[]> {
  const rows = await AuditLog.find({ 'target.type': type, 'target.id': id }).sort({ at: -1, _id: -1 }).limit(limit).lean<AuditDoc[]>();
  return withNames(rows.map(publicAudit));
}
