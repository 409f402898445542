// The inbox's calls and query keys (under the office's 'office' key, so signing out clears them).
import type { InboxCounts, InboxDetail, InboxItem, InboxKind, InboxUpdate } from '@shared/schemas/inbox';
import { officeGet, officeSend, qs } from '../api';

export interface InboxParams {
  kind?: InboxKind;
  status?: 'new' | 'handled';
  q?: string;
  page: number;
}

export const inboxKeys = {
  all: ['office', 'inbox'] as const,
  /** Every page of every list filter. */
  lists: ['office', 'inbox', 'list'] as const,
  list: (p: InboxParams) => ['office', 'inbox', 'list', p] as const,
  item: (kind: string, id: string) => ['office', 'inbox', 'item', kind, id] as const,
  counts: ['office', 'inbox', 'counts'] as const,
};

export const INBOX_PAGE_SIZE = 20;

export const fetchInbox = (p: InboxParams) =>
  officeGet<{ items: InboxItem[]; counts: InboxCounts; total: number; page: number; limit: number; }>(`/inbox${qs({ ...p, limit: INBOX_PAGE_SIZE })}`);

/** Only the counts (one item fetched): what the menu badge needs. */
export const fetchInboxCounts = () => officeGet<{ counts: InboxCounts; }>(`/inbox${qs({ status: 'new', limit: 1 })}`).then((r) => r.counts);

export const fetchInboxItem = (kind: string, id: string) => officeGet<{ item: InboxDetail; }>(`/inbox/${kind}/${id}`).then((r) => r.item);

export const updateInboxItem = (kind: string, id: string, change: InboxUpdate) =>
  officeSend<{ item: InboxDetail; message: string; }>('PATCH', `/inbox/${kind}/${id}`, change);
