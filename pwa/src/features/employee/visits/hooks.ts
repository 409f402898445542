import { useMemo } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api';
import { nextPageParam } from '@/lib/paging';
import { useQueued } from '@/lib/outbox/useQueued';
import { DELAY } from '@shared/constants';
import { MSG } from '@shared/messages';
import { CLEANER_VISITS_MSG as M } from '@shared/messages-cleaner-visits';
import type { WorkSubmissionInput } from '@shared/schemas/employee';
import type { VisitDto } from '@shared/schemas/visits';
import type { OnMyWayMinutes } from '@shared/schemas/reminders';
import { NOTICES_UI_MSG as N } from '@shared/messages-notices-ui';
import { employeeKeys } from '../keys';
import { useEmployeeSession } from '../auth/EmployeeSession';
import { useEmployeeToast } from '../useEmployeeToast';
import { CHARGE_MSG } from '@shared/messages-charges';
import { fetchCover, fetchMyVisits, releaseVisit, reportLockout, sendOnMyWay, submitVisitWork, takeCover } from './api';

/** My Visits of one window, a page at a time; offline it answers from the saved copy. */
export function useMyVisits(range: { from: string; to: string; }) {
  const { employeeId } = useEmployeeSession();
  return useInfiniteQuery({
    queryKey: [...employeeKeys.visitPages(range.from), range.to],
    queryFn: ({ pageParam }) => fetchMyVisits(employeeId, range, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    retry: false,
    // Run offline too, so the saved copy answers instead of the query pausing.
    networkMode: 'always',
  });
}

export interface QueuedVisits {
  work: ReadonlySet<string>;
  release: ReadonlySet<string>;
  /** Visit id → the minutes of its On my way waiting to send. */
  onMyWay: ReadonlyMap<string, number>;
  /** "Couldn't get in" waiting to send. */
  lockout: ReadonlySet<string>;
}

/** The visits whose hours, release or On my way wait in the outbox: no second button, even after a reload. */
export function useQueuedVisits(): QueuedVisits {
  const work = useQueued('visit-work');
  const release = useQueued('visit-release');
  const omw = useQueued('visit-on-my-way');
  const lockout = useQueued('visit-lockout');
  return useMemo(
    () => ({
      work: new Set(work.map((i) => i.meta.visitId)),
      release: new Set(release.map((i) => i.meta.visitId)),
      onMyWay: new Map(omw.map((i) => [i.meta.visitId, Number(i.meta.minutes)])),
      lockout: new Set(lockout.map((i) => i.meta.visitId)),
    }),
    [work, release, omw, lockout],
  );
}

/** Sent: the toast and the list reloads; queued offline: MSG.savedOffline and the card says it waits. */
function useOutboxAction<I>(send: (input: I) => ReturnType<typeof releaseVisit>, done: string, failed: string) {
  const queryClient = useQueryClient();
  const toast = useEmployeeToast();
  return useMutation({
    networkMode: 'always',
    mutationFn: send,
    onSuccess: (outcome) => {
      if (outcome.status === 'queued') return toast.show(MSG.savedOffline, 'info', DELAY.submitSuccessMs);
      toast.show(done, 'success', DELAY.submitSuccessMs);
      void queryClient.invalidateQueries({ queryKey: employeeKeys.visits });
      void queryClient.invalidateQueries({ queryKey: employeeKeys.stats });
    },
    onError: (err) => toast.show(errorMessage(err, failed), 'error', DELAY.toastErrorMs),
  });
}

export const useSubmitVisitWork = () =>
  useOutboxAction(({ visit, input }: { visit: VisitDto; input: WorkSubmissionInput; }) => submitVisitWork(visit, input), M.submitted, M.submitFailed);

export const useOnMyWay = () =>
  useOutboxAction(({ visit, minutes }: { visit: VisitDto; minutes: OnMyWayMinutes; }) => sendOnMyWay(visit, minutes), N.onMyWaySent, N.onMyWayFailed);

export const useReportLockout = () =>
  useOutboxAction(({ visit, note }: { visit: VisitDto; note: string; }) => reportLockout(visit, note), CHARGE_MSG.lockoutSent, CHARGE_MSG.lockoutFailed);

export const useReleaseVisit = () => useOutboxAction((visit: VisitDto) => releaseVisit(visit), M.released, M.releaseFailed);

/** The cover jobs (one page of the soonest: they are few, and taken quickly). */
export const useCoverVisits = () => useQuery({ queryKey: employeeKeys.cover, queryFn: () => fetchCover(1) });

export function useTakeCover() {
  const queryClient = useQueryClient();
  const toast = useEmployeeToast();
  return useMutation({
    mutationFn: (visit: VisitDto) => takeCover(visit.id),
    onSuccess: () => toast.show(M.coverTaken, 'success', DELAY.acceptSuccessMs),
    onError: (err) => toast.show(errorMessage(err, M.coverTakeFailed), 'error', DELAY.toastErrorMs),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: employeeKeys.cover });
      void queryClient.invalidateQueries({ queryKey: employeeKeys.visits });
    },
  });
}
