// My Account → Payments (/account/payments): the card on file (add, replace, remove — confirmed),
// each charge with its state and receipt, and what is owed. Offline it shows the last answers "as of"
// when they were fetched, and every payment action waits for a connection: none is ever queued.
// Without card payments the page says how the company is paid instead.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { PAYMENT_MSG as M } from '@shared/messages-payments';
import { PAYMENT_UI as U } from '@shared/messages-payments-ui';
import { formatPence } from '@shared/pricing';
import { formatWhen } from '@shared/when';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth/AuthProvider';
import { useOnline } from '@/lib/useOnline';
import { ChargeList } from './ChargeList';
import { loadPaymentsCopy, paymentKeys, removeCard, savePaymentsCopy, startCardCheckout, useCard, usePayments, type PaymentsCopy } from './api';
import './payments.css';

export default function PaymentsPage() {
  usePageTitle(U.title);
  const { user } = useAuth();
  const online = useOnline();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session_id');
  const card = useCard(sessionId);
  const list = usePayments();
  const [copy, setCopy] = useState<{ data: PaymentsCopy; savedAt: number; } | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string; } | null>(null);
  const userId = user?.id ?? '';

  useEffect(() => {
    if (card.data && list.data && userId) void savePaymentsCopy(userId, { card: card.data, list: list.data }).catch(() => undefined);
  }, [card.data, list.data, userId]);
  useEffect(() => {
    if (userId && (!online || card.error || list.error)) void loadPaymentsCopy(userId).then(setCopy, () => undefined);
  }, [online, card.error, list.error, userId]);
  useEffect(() => {
    // Back from Stripe: the card is read (and saved) once; the address loses the session id.
    if (sessionId && card.data) {
      setNotice(card.data.payment_method ? { ok: true, text: U.saved } : null);
      setParams({}, { replace: true });
    }
  }, [sessionId, card.data, setParams]);

  const stale = !online || Boolean(card.error || list.error);
  const cardData = stale ? (copy?.data.card ?? card.data) : card.data;
  const listData = stale ? (copy?.data.list ?? list.data) : list.data;
  const enabled = cardData?.cards_enabled !== false;

  const addCard = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const { url } = await startCardCheckout();
      window.location.assign(url);
    } catch (err) {
      setNotice({ ok: false, text: errorMessage(err, '') });
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await removeCard();
      setNotice({ ok: true, text: U.removed });
    } catch (err) {
      setNotice({ ok: false, text: errorMessage(err, '') });
    } finally {
      setBusy(false);
      setAsking(false);
      void qc.invalidateQueries({ queryKey: paymentKeys.all });
    }
  };

  return (
    <section className="container section payments">
      <h1>{U.title}</h1>
      {stale && copy && (
        <p className="notice" role="status">
          {U.offline(formatWhen(copy.data.list.as_of ?? copy.savedAt))} {U.offlineActions}
        </p>
      )}
      {notice && (
        <p className={`notice notice--${notice.ok ? 'success' : 'error'}`} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      {!cardData && !stale && <Spinner />}
      {cardData && !enabled && (
        <div className="pay-card">
          <p>
            <strong>{M.cardsOff}</strong>
          </p>
          <p>{cardData.how_to_pay ?? M.cardsOffHow}</p>
        </div>
      )}
      {cardData && enabled && (
        <>
          <p className="muted">{U.intro}</p>
          <div className="pay-card" aria-labelledby="pay-card-title">
            <h2 id="pay-card-title">{U.cardTitle}</h2>
            {cardData.payment_method ?
              (
                <p className="pay-card__which">
                  <strong>{M.cardEnding(cardData.payment_method.brand, cardData.payment_method.last4)}</strong>{' '}
                  <span className="muted">{U.expires(cardData.payment_method.exp_month, cardData.payment_method.exp_year)}</span>
                </p>
              ) :
              <p>{U.noCard}</p>}
            <div className="pay-card__actions">
              <button type="button" className="btn btn--primary" disabled={!online || busy} onClick={() => void addCard()}>
                {busy ? U.goingToStripe : cardData.payment_method ? U.replaceCard : U.addCard}
              </button>
              {cardData.payment_method && (
                <button type="button" className="btn" disabled={!online || busy} onClick={() => setAsking(true)}>
                  {U.removeCard}
                </button>
              )}
            </div>
            <p className="muted pay-card__note">{M.onlineOnly}</p>
          </div>
        </>
      )}
      {listData && (
        <>
          <p className="pay-owed">{listData.owed_pence > 0 ? <strong>{U.owed(formatPence(listData.owed_pence))}</strong> : U.nothingOwed}</p>
          <h2>{U.chargesTitle}</h2>
          <ChargeList payments={listData.payments} online={online && !stale} />
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={U.removeTitle}
        question={U.removeQuestion}
        confirmLabel={U.removeCard}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
