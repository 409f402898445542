import type { InboxKind } from '@shared/schemas/inbox';
import { OUTBOX_TEXT } from '@shared/messages';
import { OFFICE_MSG } from '@shared/messages-office';

/** The same names the outbox gives these forms. */
export const KIND_LABEL: Record<InboxKind, string> = {
  contact: OUTBOX_TEXT.kinds.contact,
  enquiry: OUTBOX_TEXT.kinds.enquiry,
  career: OUTBOX_TEXT.kinds.career,
  // Not a form: a rating of 2★ or less (the office books the free re-clean from it, then closes it).
  reclean: OFFICE_MSG.inboxRecleanKind,
};
