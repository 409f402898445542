// The office inbox: contact messages, enquiries, job applications and "Not happy — re-clean" cases, new
// ones first, each marked handled (with a note) once answered. Every change is written to the audit log.
import mongoose from 'mongoose';
import type { Readable } from 'node:stream';
import { OFFICE_MSG } from '@shared/messages-office';
import {
  INBOX_KINDS,
  type InboxCounts,
  type InboxDetail,
  type InboxItem,
  type InboxKind,
  type InboxQuery,
  type InboxStatus,
  type InboxUpdate,
} from '@shared/schemas/inbox';
import { CV_BUCKET, CareerApplication } from '../../models/CareerApplication';
import { ContactMessage } from '../../models/ContactMessage';
import { Employee } from '../../models/Employee';
import { Enquiry } from '../../models/Enquiry';
import { LowRatingCase } from '../../models/LowRatingCase';
import { recleanOf } from './reclean-case';
import { notFound } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import { recordAudit, type AuditActor } from './audit';
import { inboxSearchFilter } from './inbox-search';

/** The fields the three records share, as read from the database. */
interface InboxDoc {
  _id: mongoose.Types.ObjectId;
  name: string;
  email: string;
  phone?: string | null;
  status?: string | null;
  note?: string | null;
  handled_at?: Date | null;
  handled_by?: mongoose.Types.ObjectId | null;
  opened_at?: Date | null;
  created_at: Date;
  [field: string]: unknown;
}

// The models differ only in their own fields; the inbox reads them through this common shape.
type InboxModel = mongoose.Model<InboxDoc>;
const MODELS = { contact: ContactMessage, enquiry: Enquiry, career: CareerApplication, reclean: LowRatingCase } as unknown as Record<InboxKind, InboxModel>;

/** Each kind's own fields, in the order the form asks for them (labels in OFFICE_MSG). */
const FIELDS: Record<InboxKind, Array<keyof typeof OFFICE_MSG.inboxFieldLabels>> = {
  contact: ['message'],
  enquiry: [
    'service',
    'date',
    'postcode',
    'location',
    'bedrooms',
    'bathrooms',
    'receptions',
    'appliances',
    'commercialCleaners',
    'hours',
    'details',
    'consent',
  ],
  career: ['position', 'message'],
  reclean: ['visit_when', 'reference', 'cleaner', 'stars', 'comment'],
};
const STATUS_FILTER: Record<InboxStatus, Record<string, unknown>> = {
  // Records from before the inbox have no status: they are new.
  // Rather than `$ne: 'handled'` (the same, as status is one of the two): points an index counts alone.
  new: { status: { $in: [null, 'new'] } },
  handled: { status: 'handled' },
};

/** Matches no record: a search without a word (only punctuation) finds nothing. */
const NOTHING = { _id: { $in: [] } };

function filterOf(_kind: InboxKind, status: InboxStatus, q?: string): Record<string, unknown> {
  if (!q) return STATUS_FILTER[status];
  const words = inboxSearchFilter(q);
  return words ? { ...STATUS_FILTER[status], ...words } : NOTHING;
}

function subjectOf(kind: InboxKind, d: InboxDoc): string {
  if (kind === 'contact') return OFFICE_MSG.inboxContactSubject;
  if (kind === 'reclean') return OFFICE_MSG.inboxRecleanSubject(Number(d.stars));
  return String((kind === 'enquiry' ? d.service : d.position) ?? '');
}
const previewOf = (kind: InboxKind, d: InboxDoc): string => {
  const own = kind === 'enquiry'
    ? d.details || [d.location, d.postcode].filter(Boolean).join(' ')
    : kind === 'reclean'
    ? `${d.visit_when} · ${d.comment ?? ''}`
    : d.message;
  const text = String(own ?? '');
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
};

function toItem(kind: InboxKind, d: InboxDoc, names: Map<string, string>): InboxItem {
  const handler = d.handled_by ? String(d.handled_by) : undefined;
  return {
    kind,
    id: String(d._id),
    name: d.name,
    email: d.email,
    phone: d.phone || undefined,
    subject: subjectOf(kind, d),
    preview: previewOf(kind, d),
    status: d.status === 'handled' ? 'handled' : 'new',
    opened: Boolean(d.opened_at),
    note: d.note || undefined,
    created_at: d.created_at.toISOString(),
    handled_at: d.handled_at?.toISOString(),
    handled_by: handler ? { id: handler, name: names.get(handler) ?? '' } : undefined,
    ...(kind === 'career' ? { has_cv: Boolean(d.cv) } : {}),
  };
}

async function handlerNames(docs: InboxDoc[]): Promise<Map<string, string>> {
  const ids = [...new Set(docs.map((d) => d.handled_by && String(d.handled_by)).filter(Boolean))];
  if (!ids.length) return new Map();
  const rows = await Employee.find({ _id: { $in: ids } }, { name: 1 }).lean();
  return new Map(rows.map((e) => [String(e._id), e.name]));
}

const NEWEST = { created_at: -1, _id: -1 } as const;
const newer = (a: { created_at: Date; _id: mongoose.Types.ObjectId; }, b: typeof a) =>
  b.created_at.getTime() - a.created_at.getTime() || String(b._id).localeCompare(String(a._id));

/**
 * `count` items of one status segment starting at `skip`, newest first across the kinds. With several
 * kinds, each contributes at most skip + count ids (ids and dates only), merged here; then only the
 * page's records are read whole.
 */
async function segment(
  kinds: readonly InboxKind[],
  status: InboxStatus,
  q: string | undefined,
  skip: number,
  count: number,
): Promise<Array<[InboxKind, InboxDoc]>> {
  if (kinds.length === 1) {
    const [kind] = kinds;
    const docs = await MODELS[kind].find(filterOf(kind, status, q)).sort(NEWEST).skip(skip).limit(count).lean<InboxDoc[]>();
    return docs.map((d) => [kind, d]);
  }
  // The first page reads the kinds' newest records whole (a page of each, no second round trip);
  // a later one their ids and dates only, then the page's records.
  const whole = skip === 0;
  const heads = await Promise.all(
    kinds.map(async (kind) => {
      const rows = await MODELS[kind].find(filterOf(kind, status, q), whole ? {} : { created_at: 1 }).sort(NEWEST).limit(skip + count).lean<InboxDoc[]>();
      return rows.map((r) => ({ ...r, kind }));
    }),
  );
  const page = heads.flat().sort(newer).slice(skip, skip + count);
  if (whole) return page.map(({ kind, ...d }) => [kind, d as InboxDoc]);
  const byKind = await Promise.all(
    kinds.map(async (kind) => {
      const ids = page.filter((p) => p.kind === kind).map((p) => p._id);
      return ids.length ? MODELS[kind].find({ _id: { $in: ids } }).lean<InboxDoc[]>() : [];
    }),
  );
  const docs = new Map(byKind.flat().map((d) => [String(d._id), d]));
  return page.flatMap((p) => {
    const d = docs.get(String(p._id));
    return d ? [[p.kind, d] as [InboxKind, InboxDoc]] : [];
  });
}

/** New items per kind, and the new ones nobody has opened yet (what the office menu's badge counts). */
export async function inboxCounts(): Promise<InboxCounts> {
  const [contact, enquiry, career, reclean, ...unopened] = await Promise.all([
    ...INBOX_KINDS.map((k) => MODELS[k].countDocuments(STATUS_FILTER.new)),
    ...INBOX_KINDS.map((k) => MODELS[k].countDocuments({ ...STATUS_FILTER.new, opened_at: null })),
  ]);
  return { contact, enquiry, career, reclean, total: contact + enquiry + career + reclean, unopened: unopened.reduce((a, b) => a + b, 0) };
}

export async function listInbox(query: InboxQuery): Promise<{ items: InboxItem[]; total: number; counts: InboxCounts; }> {
  const kinds = query.kind ? [query.kind] : INBOX_KINDS;
  const statuses: InboxStatus[] = query.status ? [query.status] : ['new', 'handled'];
  // The menu's counts are the new items per kind: without a search, the list's totals of new ones too.
  const counts = await inboxCounts();
  const count = (k: InboxKind, s: InboxStatus) => (!query.q && s === 'new' ? counts[k] : MODELS[k].countDocuments(filterOf(k, s, query.q)));
  const totals = await Promise.all(statuses.map(async (s) => (await Promise.all(kinds.map((k) => count(k, s)))).reduce((a, b) => a + b, 0)));
  // New items first: walk the status segments in order, skipping whole segments before the page.
  let skip = (query.page - 1) * query.limit;
  let need = query.limit;
  const rows: Array<[InboxKind, InboxDoc]> = [];
  for (const [i, status] of statuses.entries()) {
    if (need === 0) break;
    if (skip >= totals[i]) {
      skip -= totals[i];
      continue;
    }
    const got = await segment(kinds, status, query.q, skip, need);
    rows.push(...got);
    need -= got.length;
    skip = 0;
  }
  const names = await handlerNames(rows.map(([, d]) => d));
  return { items: rows.map(([k, d]) => toItem(k, d, names)), total: totals.reduce((a, b) => a + b, 0), counts };
}

async function findItem(kind: InboxKind, id: string): Promise<InboxDoc> {
  const d = await MODELS[kind].findById(id).lean<InboxDoc>();
  if (!d) throw notFound(OFFICE_MSG.inboxItemNotFound);
  return d;
}

const shown = (v: unknown) => (typeof v === 'boolean' ? (v ? OFFICE_MSG.inboxYes : OFFICE_MSG.inboxNo) : String(v));

async function toDetail(kind: InboxKind, d: InboxDoc, names: Map<string, string>): Promise<InboxDetail> {
  const fields = FIELDS[kind].filter((f) => d[f] !== undefined && d[f] !== null && d[f] !== '').map((f) => ({
    label: OFFICE_MSG.inboxFieldLabels[f],
    value: shown(d[f]),
  }));
  const cv = d.cv as { original_name?: string; content_type?: string; size?: number; } | undefined;
  return {
    ...toItem(kind, d, names),
    fields,
    ...(kind === 'reclean' ? { reclean: await recleanOf(d) } : {}),
    ...(kind === 'career' && cv
      ? {
        cv: {
          original_name: cv.original_name ?? 'cv',
          content_type: cv.content_type ?? 'application/octet-stream',
          size: cv.size ?? 0,
          url: `/api/admin/career/${String(d._id)}/cv`,
        },
      }
      : {}),
  };
}

/** One item; the first time anyone in the office opens it, it stops counting on the menu's badge. */
export async function inboxItem(kind: InboxKind, id: string, now: Date): Promise<InboxDetail> {
  await MODELS[kind].updateOne({ _id: new mongoose.Types.ObjectId(id), opened_at: null }, { $set: { opened_at: now } });
  const d = await findItem(kind, id);
  return toDetail(kind, d, await handlerNames([d]));
}

const auditView = (d: InboxDoc) => ({ status: d.status === 'handled' ? 'handled' : 'new', note: d.note ?? '' });

/** Marks an item handled or new again and/or sets its note; the change goes into the audit log. */
export async function updateInboxItem(actor: AuditActor, kind: InboxKind, id: string, input: InboxUpdate, at: Date): Promise<InboxDetail> {
  const set: Record<string, unknown> = {};
  const unset: Record<string, 1> = {};
  if (input.note !== undefined) set.note = input.note;
  if (input.status === 'handled') Object.assign(set, { status: 'handled', handled_at: at, handled_by: new mongoose.Types.ObjectId(actor.id) });
  if (input.status === 'new') {
    set.status = 'new';
    Object.assign(unset, { handled_at: 1, handled_by: 1 });
  }
  const before = await MODELS[kind].findOneAndUpdate({ _id: id }, { $set: set, ...(Object.keys(unset).length ? { $unset: unset } : {}) }, {
    returnDocument: 'before',
  }).lean<InboxDoc>();
  if (!before) throw notFound(OFFICE_MSG.inboxItemNotFound);
  const after = await findItem(kind, id);
  const [was, now] = [auditView(before), auditView(after)];
  if (was.status !== now.status || was.note !== now.note) {
    const action = now.status === was.status ? 'inbox.note' : now.status === 'handled' ? 'inbox.handled' : 'inbox.reopened';
    await recordAudit({ actor, action, target: { type: 'message', id, label: `${kind}: ${after.name}` }, before: was, after: now });
  }
  return toDetail(kind, after, await handlerNames([after]));
}

/** A job application's CV: its stored type and size, the applicant's file name, and a stream of it. */
export async function careerCv(files: FileStore, id: string): Promise<{ stream: Readable; filename: string; contentType: string; length: number; }> {
  const d = await findItem('career', id);
  const cv = d.cv as { stored_name?: string; original_name?: string; content_type?: string; } | undefined;
  if (!cv?.stored_name) throw notFound(OFFICE_MSG.cvNotFound);
  const stored = await files.find(CV_BUCKET, cv.stored_name);
  if (!stored) throw notFound(OFFICE_MSG.cvMissing);
  return {
    stream: files.open(CV_BUCKET, cv.stored_name),
    filename: cv.original_name || cv.stored_name,
    contentType: cv.content_type || stored.contentType,
    length: stored.length,
  };
}
