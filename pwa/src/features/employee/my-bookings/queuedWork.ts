// Which bookings already have work waiting in the outbox (sent later by the outbox replay), read
// straight from the shared Dexie table, so Submit Work is not offered twice — even after a reload.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { db } from '../../../lib/db';
import { employeeKeys } from '../keys';

const SUBMIT_PATH = /^\/api\/employee\/bookings\/([^/]+)\/submit-work$/;
/** Still on its way; a 'failed' item (refused by the server) does not block a fresh submission. */
const WAITING = new Set(['queued', 'sending', 'needs-sign-in']);

export async function queuedWorkIds(): Promise<Set<string>> {
  const items = await db.outbox.where('kind').equals('work').toArray();
  const ids = new Set<string>();
  for (const item of items) {
    const id = SUBMIT_PATH.exec(item.path)?.[1];
    if (id && WAITING.has(item.state)) ids.add(id);
  }
  return ids;
}

export function useQueuedWork() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: employeeKeys.queuedWork,
    queryFn: async () => {
      const next = await queuedWorkIds();
      // Something that waited is gone: the replay sent it, so the list has hours and notes to show.
      const before = queryClient.getQueryData<Set<string>>(employeeKeys.queuedWork);
      if (before && [...before].some((id) => !next.has(id))) void queryClient.invalidateQueries({ queryKey: employeeKeys.myBookings });
      return next;
    },
    // While something waits, look again now and then: the replay may have sent it meanwhile.
    refetchInterval: (query) => ((query.state.data?.size ?? 0) > 0 ? 10_000 : false),
    staleTime: 0,
  });
}
