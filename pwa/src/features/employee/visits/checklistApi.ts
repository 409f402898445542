// The cleaner's checklist ticks: one outbox kind (queued first with its Idempotency-Key, sent at once or
// when the connection returns, in order before any hours queued after them), and the checklist as the
// card shows it — the server's, with the ticks still waiting applied over it in the order they were made.
import { useEffect, useMemo } from 'react';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { defineKind } from '@/lib/outbox/kinds';
import { onSent } from '@/lib/outbox/events';
import { submit } from '@/lib/outbox/submit';
import { useQueued } from '@/lib/outbox/useQueued';
import { errorMessage } from '@/lib/api';
import { formatWhen } from '@shared/when';
import { DELAY } from '@shared/constants';
import { MSG } from '@shared/messages';
import { CHECKLIST_MSG as C } from '@shared/messages-checklists';
import type { ChecklistItem } from '@shared/checklists';
import type { ChecklistPatch } from '@shared/schemas/checklists';
import type { VisitDto } from '@shared/schemas/visits';
import { employeeKeys } from '../keys';
import { useEmployeeToast } from '../useEmployeeToast';
import type { VisitsPage } from './api';

export type Tick = ChecklistPatch['items'][number];

export const visitChecklistKind = defineKind({
  kind: 'visit-checklist',
  auth: 'employee',
  label: ({ visit }: { visit: VisitDto; items: Tick[]; }) => `${C.heading}: ${visit.customer_name ?? visit.reference} (${formatWhen(visit.start)})`,
  request: ({ visit, items }) => ({ method: 'PATCH', path: `/api/employee/visits/${encodeURIComponent(visit.id)}/checklist`, json: { items } }),
  meta: ({ visit, items }) => ({ visitId: visit.id, ticks: JSON.stringify(items) }),
  invalidates: [employeeKeys.visits],
});

const applied = (items: readonly ChecklistItem[], ticks: readonly Tick[]): ChecklistItem[] => {
  const byId = new Map(ticks.map((t) => [t.id, t]));
  return items.map((i) => {
    const t = byId.get(i.id);
    return t ? { ...i, done: t.done, note: t.note ?? i.note } : i;
  });
};

/** The visit's checklist with its waiting ticks applied, and how many items wait. */
export function useVisitChecklist(visit: VisitDto): { items: ChecklistItem[]; waiting: number; } {
  const queued = useQueued('visit-checklist', { visitId: visit.id });
  const queryClient = useQueryClient();
  // A tick sent from the outbox stops waiting at once: the visit the server answered takes its place in
  // My Visits' pages then, not after the refetch (meanwhile the card and the hours form would read the
  // visit from before the tick, and ask a reason for a task just ticked).
  useEffect(
    () =>
      onSent(visitChecklistKind.kind, (n) => {
        const answered = (n.response as { visit?: VisitDto; } | undefined)?.visit;
        if (n.meta?.visitId === visit.id && answered) {
          queryClient.setQueriesData<InfiniteData<VisitsPage>>({ queryKey: employeeKeys.visits }, (d) => putVisit(d, answered));
        }
      }),
    [queryClient, visit.id],
  );
  return useMemo(() => {
    let items = visit.checklist ?? [];
    for (const q of queued) {
      try {
        items = applied(items, JSON.parse(q.meta.ticks) as Tick[]);
      } catch {
        // An item written by an older version of this page: the server's copy stands.
      }
    }
    return { items, waiting: queued.length };
  }, [visit.checklist, queued]);
}

/** The visit the server answered replaces the one in My Visits' pages, so the tick shows before the refetch. */
function putVisit(pages: InfiniteData<VisitsPage> | undefined, visit: VisitDto): InfiniteData<VisitsPage> | undefined {
  if (!pages?.pages) return pages;
  return { ...pages, pages: pages.pages.map((p) => ({ ...p, items: p.items.map((v) => (v.id === visit.id ? visit : v)) })) };
}

/** Sends ticks through the outbox; queued offline, the card shows them waiting. */
export function useTick() {
  const queryClient = useQueryClient();
  const toast = useEmployeeToast();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ visit, items }: { visit: VisitDto; items: Tick[]; }) => submit<{ visit: VisitDto; }>(visitChecklistKind, { visit, items }),
    onSuccess: (outcome) => {
      if (outcome.status === 'queued') return toast.show(MSG.savedOffline, 'info', DELAY.submitSuccessMs);
      queryClient.setQueriesData<InfiniteData<VisitsPage>>({ queryKey: employeeKeys.visits }, (d) => putVisit(d, outcome.body.visit));
    },
    onError: (err) => toast.show(errorMessage(err, C.unknownTask), 'error', DELAY.toastErrorMs),
  });
}
