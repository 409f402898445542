// This person's plan changes still on this device: waiting to send, or refused when they were finally
// sent (the server's message, in customers' words). Kept live across tabs; My Bookings shows each
// beside its plan or visit, and a refused one until the person dismisses it.
import { db, type OutboxItem } from '@/lib/db';
import { withDb } from '@/lib/outbox/connection';
import { WAITING_STATES } from '@/lib/outbox/state';
import { useSessionLiveQuery } from '@/lib/outbox/useSessionLiveQuery';

export interface PlanOutboxItem {
  id: string;
  label: string;
  waiting: boolean;
  error?: string;
  bookingId: string;
  visitId: string;
  action: string;
}

const STATES = [...WAITING_STATES, 'failed'] as const;

export function usePlanOutbox(): PlanOutboxItem[] {
  return useSessionLiveQuery<OutboxItem[], PlanOutboxItem[]>(
    [],
    [],
    (audiences) => ({
      read: () => withDb(() => db.outbox.where('[audience+kind+state]').anyOf(audiences.flatMap((a) => STATES.map((s) => [a, 'plan', s]))).toArray()),
      show: (rows) =>
        rows
          .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
          .map((r) => ({
            id: r.id,
            label: r.label,
            waiting: r.state !== 'failed',
            error: r.state === 'failed' ? r.lastError : undefined,
            bookingId: r.meta?.bookingId ?? '',
            visitId: r.meta?.visitId ?? '',
            action: r.meta?.action ?? '',
          })),
    }),
    [],
  );
}
