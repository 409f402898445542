// "What was I told?": the notices sent to one customer or cleaner (recorded by notify), newest first, paged.
import mongoose from 'mongoose';
import type { NoticeDto } from '@shared/schemas/notifications';
import { pageInfo, skipOf } from '@shared/schemas/paging';
import { Notice, type NoticeDoc } from '../../models/Notice';
import type { Person } from '../../notify/push';

const dto = (n: NoticeDoc): NoticeDto => ({
  id: String(n._id),
  kind: n.kind,
  subject: n.subject,
  text: n.text,
  url: n.url ?? '',
  email: Boolean(n.email),
  pushed: n.pushed ?? 0,
  sent_at: n.sent_at.toISOString(),
});

export async function listNotices(person: Person, paging: { page: number; limit: number; }) {
  const filter = { person_type: person.type, person_id: new mongoose.Types.ObjectId(person.id) };
  const [rows, total] = await Promise.all([
    Notice.find(filter).sort({ sent_at: -1, _id: -1 }).skip(skipOf(paging)).limit(paging.limit).lean<NoticeDoc[]>(),
    Notice.countDocuments(filter),
  ]);
  return { notices: rows.map(dto), ...pageInfo(paging.page, paging.limit, total) };
}
