// "What was I told?": the notices sent to one customer or cleaner (recorded by notify), newest first, paged;
// how many are new since they last opened the list (the portal's bell), kept on their account so it holds
// across devices.
import mongoose from 'mongoose';
import type { NoticeDto } from '@shared/schemas/notifications';
import { pageInfo, skipOf } from '@shared/schemas/paging';
import { Employee } from '../../models/Employee';
import { Notice, type NoticeDoc } from '../../models/Notice';
import { User } from '../../models/User';
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

const accountOf = (person: Person) => (person.type === 'employee' ? Employee : User) as unknown as typeof User;
const filterOf = (person: Person) => ({ person_type: person.type, person_id: new mongoose.Types.ObjectId(person.id) });

/** The notices sent after the person last opened their list (all of them when they never did). */
export async function unseenNotices(person: Person): Promise<number> {
  const me = await accountOf(person).findById(person.id, { notices_seen_at: 1 }).lean<{ notices_seen_at?: Date | null; }>();
  const since = me?.notices_seen_at;
  return Notice.countDocuments({ ...filterOf(person), ...(since ? { sent_at: { $gt: since } } : {}) });
}

/** The person opened their list: what was sent until `now` is seen. */
export async function markNoticesSeen(person: Person, now: Date): Promise<void> {
  await accountOf(person).updateOne({ _id: new mongoose.Types.ObjectId(person.id) }, { $set: { notices_seen_at: now } });
}
