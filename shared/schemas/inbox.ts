// The office inbox (/api/admin/inbox, /office/inbox): contact messages, enquiries, job applications and
// "Not happy — re-clean" cases (a rating of 2★ or less) in one list, new ones first, each marked handled
// (with a note) once the office has answered — a case is closed so.
import { z } from 'zod';
import { FIELD_MSG } from '../messages';
import { OFFICE_MSG } from '../messages-office';
import { pageQuery } from './office';

export const INBOX_KINDS = ['contact', 'enquiry', 'career', 'reclean'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_STATUSES = ['new', 'handled'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const inboxKind = z.enum(INBOX_KINDS, { error: FIELD_MSG.oneOf('Kind', INBOX_KINDS) });
const inboxStatus = z.enum(INBOX_STATUSES, { error: FIELD_MSG.oneOf('Status', INBOX_STATUSES) });

export const inboxQuerySchema = z.strictObject({
  ...pageQuery,
  kind: inboxKind.optional(),
  status: inboxStatus.optional(),
  q: z.string().trim().max(100, FIELD_MSG.namedTooLong('Search text', 100)).optional(),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const inboxUpdateSchema = z
  .strictObject({
    status: inboxStatus.optional(),
    note: z.string({ error: FIELD_MSG.notText('The note') }).trim().max(2000, FIELD_MSG.namedTooLong('The note', 2000)).optional(),
  })
  .refine((v) => v.status !== undefined || v.note !== undefined, { message: OFFICE_MSG.nothingToChange });
export type InboxUpdate = z.infer<typeof inboxUpdateSchema>;

/** One line of the inbox list. */
export interface InboxItem {
  kind: InboxKind;
  id: string;
  name: string;
  email: string;
  phone?: string;
  /** Contact: "Contact message"; enquiry: the service; career: the position; reclean: the stars ("2★ rating"). */
  subject: string;
  /** The start of what they wrote. */
  preview: string;
  status: InboxStatus;
  /** Someone in the office has opened it. */
  opened: boolean;
  note?: string;
  created_at: string;
  handled_at?: string;
  handled_by?: { id: string; name: string; };
  has_cv?: boolean;
}

/** One item opened: every field the form sent, and the CV's description for a job application. */
export interface InboxDetail extends InboxItem {
  fields: Array<{ label: string; value: string; }>;
  cv?: { original_name: string; content_type: string; size: number; url: string; };
  /** A "Not happy — re-clean" case: the rated visit, until when the free re-clean is offered, and the one booked (if any). */
  reclean?: { visit_id: string; visit_day?: string; until: string | null; booked_start?: string; };
}

export interface InboxCounts {
  contact: number;
  enquiry: number;
  career: number;
  reclean: number;
  total: number;
  /** New items nobody in the office has opened yet (the menu's badge). */
  unopened: number;
}

/** The subject of the office's reply mail, filled in the mailto: link. */
export function replySubject(item: Pick<InboxItem, 'kind' | 'subject'>): string {
  if (item.kind === 'career') return `Re: your application (${item.subject}) – SparkleClean`;
  if (item.kind === 'enquiry') return `Re: your enquiry (${item.subject}) – SparkleClean`;
  if (item.kind === 'reclean') return 'Re: your rating of our clean – SparkleClean';
  return 'Re: your message to SparkleClean';
}
