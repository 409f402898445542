import type { InboxKind } from '@shared/schemas/inbox';
import { OUTBOX_TEXT } from '@shared/messages';

/** The same names the outbox gives these forms. */
export const KIND_LABEL: Record<InboxKind, string> = {
  contact: OUTBOX_TEXT.kinds.contact,
  enquiry: OUTBOX_TEXT.kinds.enquiry,
  career: OUTBOX_TEXT.kinds.career,
};
