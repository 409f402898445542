// My Visits, the portal's work screen: today, visits of the past week still waiting for hours, the
// rest of this week and the weeks after, grouped by day (London time). Readable offline once loaded.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { usePageTitle } from '@/components/usePageTitle';
import { Spinner } from '@/components/Spinner';
import { LoadMore } from '@/components/LoadMore';
import { UpdatedAgo } from '@/components/UpdatedAgo';
import { errorMessage, NetworkError } from '@/lib/api';
import { formatDay } from '@shared/when';
import { londonDate } from '@shared/visits';
import { CLEANER_VISITS_MSG as M } from '@shared/messages-cleaner-visits';
import type { VisitDto } from '@shared/schemas/visits';
import { EmptyList, LoadFailed } from '../components/ListStates';
import { useSavedCopyAge } from '../layout/offlineNotice';
import { groupVisits, visitsWindow, type VisitSection } from './grouping';
import { useMyVisits, useOnMyWay, useQueuedVisits, useReleaseVisit, useReportLockout, useSubmitVisitWork } from './hooks';
import { LockoutDialog } from './LockoutDialog';
import { OnMyWayDialog } from './OnMyWay';
import { VisitCard } from './VisitCard';
import { MyVisitsHead } from './MyVisitsHead';
import { VisitActions } from './VisitActions';
import { CantMakeItDialog, SubmitHoursModal } from './VisitDialogs';
import './visits.css';

/** The time, once a minute: a visit's Submit hours opens when its start comes without a reload. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

export default function MyVisitsPage() {
  usePageTitle(M.title);
  const now = useMinute();
  // The window moves with the London date, not with every minute.
  const today = londonDate(now);
  const range = useMemo(() => visitsWindow(today), [today]);
  const list = useMyVisits(range);
  const queued = useQueuedVisits();
  const submit = useSubmitVisitWork();
  const release = useReleaseVisit();
  const onMyWay = useOnMyWay();
  const [omwFor, setOmwFor] = useState<VisitDto | null>(null);
  const [hoursFor, setHoursFor] = useState<VisitDto | null>(null);
  const [releasing, setReleasing] = useState<VisitDto | null>(null);
  const lockout = useReportLockout();
  const [lockoutFor, setLockoutFor] = useState<VisitDto | null>(null);

  const pages = list.data?.pages ?? [];
  const visits = pages.flatMap((p) => p.items);
  const total = pages.at(-1)?.total ?? 0;
  const savedAts = pages.map((p) => p.savedAt).filter((t): t is number => t !== undefined);
  useSavedCopyAge(savedAts.length ? Math.min(...savedAts) : null);
  const sections = groupVisits(visits, now);

  const card = (v: VisitDto) => {
    const workQueued = queued.work.has(v.id);
    const releaseQueued = queued.release.has(v.id);
    const onMyWayQueued = queued.onMyWay.get(v.id);
    return (
      <li key={v.id}>
        <VisitCard
          visit={v}
          workQueued={workQueued}
          releaseQueued={releaseQueued}
          onMyWayQueued={onMyWayQueued}
          actions={
            <VisitActions
              visit={v}
              now={now}
              workQueued={workQueued}
              releaseQueued={releaseQueued}
              onMyWayQueued={onMyWayQueued}
              onSubmitHours={setHoursFor}
              onCantMakeIt={setReleasing}
              onOnMyWay={setOmwFor}
              lockoutQueued={queued.lockout.has(v.id)}
              onLockout={setLockoutFor}
            />
          }
        />
      </li>
    );
  };

  return (
    <section className="visits-page">
      <MyVisitsHead />
      {savedAts.length === 0 && <UpdatedAgo query={list} />}
      {list.isPending ?
        <Spinner /> :
        list.isError && list.error instanceof NetworkError ?
        <EmptyList title={M.nothingSaved} hint={M.nothingSavedHint} /> :
        list.isError ?
        <LoadFailed message={errorMessage(list.error, M.loadFailed)} onRetry={() => void list.refetch()} /> :
        visits.length === 0 ?
        <EmptyList title={M.empty} hint={M.emptyHint} /> :
        (
          <>
            {sections.map((s) => <Section key={s.key} section={s} now={now} card={card} />)}
            <LoadMore
              shown={visits.length}
              total={total}
              hasMore={list.hasNextPage}
              loading={list.isFetchingNextPage}
              onMore={() => void list.fetchNextPage()}
              noun="visits"
            />
          </>
        )}
      <SubmitHoursModal
        visit={hoursFor}
        busy={submit.isPending}
        onClose={() => setHoursFor(null)}
        onSubmit={(visit, input) => submit.mutate({ visit, input }, { onSuccess: () => setHoursFor(null) })}
      />
      <OnMyWayDialog
        visit={omwFor}
        busy={onMyWay.isPending}
        onClose={() => setOmwFor(null)}
        onSend={(visit, minutes) => onMyWay.mutate({ visit, minutes }, { onSettled: () => setOmwFor(null) })}
      />
      <LockoutDialog
        visit={lockoutFor}
        busy={lockout.isPending}
        onClose={() => setLockoutFor(null)}
        onSend={(visit, note) => lockout.mutate({ visit, note }, { onSettled: () => setLockoutFor(null) })}
      />
      <CantMakeItDialog
        visit={releasing}
        now={now}
        onClose={() => setReleasing(null)}
        onConfirm={(visit) => {
          setReleasing(null);
          release.mutate(visit);
        }}
      />
    </section>
  );
}

function Section({ section, now, card }: { section: VisitSection; now: number; card: (v: VisitDto) => ReactNode; }) {
  const id = `visits-${section.key}`;
  return (
    <section className="visits-section" aria-labelledby={id}>
      <h2 id={id}>{section.title}</h2>
      {section.days.length === 0 && <p className="muted">{M.noneToday}</p>}
      {section.days.map((d) => (
        <div key={d.date} className="visits-day">
          {/* Today's section names its day too, so "Today" is never the only date on screen. */}
          <h3 className="visits-day__title">{formatDay(Date.parse(d.visits[0].start), now)}</h3>
          <ul className="visits-list">{d.visits.map(card)}</ul>
        </div>
      ))}
    </section>
  );
}
