// My Bookings (/orders): the plans (accepted bookings, with their visits), the other bookings' card
// grid, bookings still waiting to send, detail modal, edit and delete with their notices and delays.
import { usePageTitle } from '@/components/usePageTitle';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { DELAY } from '@shared/constants';
import { MSG } from '@shared/messages';
import { CUSTOMER_MSG } from '@shared/messages-customer';
import type { Booking } from '@shared/schemas/bookings';
import { errorMessage, NetworkError } from '@/lib/api';
import { Spinner } from '@/components/Spinner';
import { LoadMore } from '@/components/LoadMore';
import { UpdatedAgo } from '@/components/UpdatedAgo';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useAuth } from '@/lib/auth/AuthProvider';
import { useBookings, useDeleteBooking, useQueuedBookings } from './api';
import { BookingCard } from './BookingCard';
import { BookingModal } from './BookingModal';
import { QueuedBookings } from './QueuedBookings';
import { formatDate, hasPlan } from './format';
import { PlanCard } from './PlanCard';
import { OrdersHead, ORDERS_TITLE } from './OrdersHead';
import { usePlanOutbox } from './usePlanOutbox';
import { usePlansSettled } from './plans-api';
import { PLAN_MSG } from '@shared/messages-plans';
import './orders.css';

export default function OrdersPage() {
  usePageTitle(ORDERS_TITLE);
  const { user } = useAuth();
  const bookings = useBookings(user?.id ?? '');
  const queued = useQueuedBookings();
  const remove = useDeleteBooking();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Booking | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string; } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const pages = bookings.data?.pages ?? [];
  const list = pages.flatMap((p) => p.items);
  const total = pages.at(-1)?.total ?? 0;
  // The oldest saved copy among the pages shown, when any came from this device.
  const savedAts = pages.map((p) => p.offlineSavedAt).filter((t): t is number => t !== null);
  const offlineSavedAt = savedAts.length ? Math.min(...savedAts) : null;
  const selected = list.find((b) => b.id === selectedId) ?? null;
  // An accepted booking is a plan of visits (shown with them); the rest are cards as before.
  const plans = list.filter(hasPlan);
  const others = list.filter((b) => !hasPlan(b));
  const planOutbox = usePlanOutbox();
  // The list first appears with its plans' visits in it: a plan card that grew as its visits came
  // pushed every card under it down the screen (a layout shift of 0.4 on a first visit). Once shown,
  // the list is never held again (a plan added later opens with its own spinner).
  const plansSettled = usePlansSettled(user?.id ?? '', plans.map((b) => b.id));
  const [listShown, setListShown] = useState(false);
  if (!listShown && bookings.isSuccess && plansSettled) setListShown(true);
  const holding = bookings.isSuccess && !listShown && !plansSettled;

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        setSelectedId(null);
        setNotice({ kind: 'success', text: CUSTOMER_MSG.bookingDeleted });
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setNotice(null), DELAY.deleteNoticeMs);
      },
      onError: (err) => {
        setToDelete(null);
        setNotice({ kind: 'error', text: errorMessage(err, CUSTOMER_MSG.deleteBookingFailed) });
      },
    });
  }

  return (
    <section className="container section orders">
      <OrdersHead total={bookings.data ? total : undefined} hasPlans={plans.length > 0} />
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {offlineSavedAt && (
        <p className="notice notice--info">
          You are offline — showing your bookings as saved on {formatDate(offlineSavedAt)}.{' '}
          {plans.length ? PLAN_MSG.offlineChanges : 'Changes need a connection.'}
        </p>
      )}
      {!offlineSavedAt && <UpdatedAgo query={bookings} />}
      <QueuedBookings items={queued} />
      {bookings.isPending || holding ? <Spinner label="Loading your bookings" /> : bookings.isError ?
        (
          <p className="notice notice--error" role="alert">
            {bookings.error instanceof NetworkError ? MSG.needsServer : errorMessage(bookings.error, MSG.fetchBookingsFailed)}
          </p>
        ) :
        list.length === 0 && queued.length === 0 ?
        (
          <div className="card orders__empty">
            <h2>No bookings yet</h2>
            <p className="muted">Use Get Started on the home page to book your first cleaning.</p>
            <Link to="/" className="btn btn--primary">
              Book a cleaning
            </Link>
          </div>
        ) :
        (
          <>
            {plans.length > 0 && (
              <section className="orders__plans" aria-labelledby="plans-title">
                <h2 id="plans-title" className="orders__subtitle">
                  {PLAN_MSG.plansTitle}
                </h2>
                <div className="grid orders__plan-grid">
                  {plans.map((b) => (
                    <PlanCard
                      key={b.id}
                      userId={user?.id ?? ''}
                      booking={b}
                      outbox={planOutbox}
                      onOpen={() => setSelectedId(b.id)}
                      pageSaysOffline={offlineSavedAt !== null}
                    />
                  ))}
                </div>
              </section>
            )}
            {others.length > 0 && (
              <section aria-labelledby={plans.length ? 'others-title' : undefined}>
                {plans.length > 0 && (
                  <h2 id="others-title" className="orders__subtitle">
                    {PLAN_MSG.otherBookings}
                  </h2>
                )}
                <div className="grid grid--3 orders__grid">
                  {others.map((b) => <BookingCard key={b.id} booking={b} onOpen={() => setSelectedId(b.id)} />)}
                </div>
              </section>
            )}
            <LoadMore
              shown={list.length}
              total={total}
              hasMore={bookings.hasNextPage}
              loading={bookings.isFetchingNextPage}
              onMore={() => void bookings.fetchNextPage()}
              noun="bookings"
            />
          </>
        )}
      {selected && <BookingModal key={selected.id} booking={selected} onClose={() => setSelectedId(null)} onDelete={setToDelete} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={CUSTOMER_MSG.deleteBookingTitle}
        question={CUSTOMER_MSG.deleteBookingQuestion}
        detail={CUSTOMER_MSG.deleteBookingWarning}
        confirmLabel="Delete Booking"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
