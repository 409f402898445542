// /unsubscribe?token=…: a mail's "stop these e-mails" link, signed out. It shows what the link stops
// (one kind of e-mail), and a button that stops it; a link that is not valid gets a clear message.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '@/components/usePageTitle';
import { NOTIFY_MSG } from '@shared/messages-notify';
import { api, ApiError } from '@/lib/api';

type State = { step: 'loading'; } | { step: 'ask'; message: string; } | { step: 'done'; message: string; } | { step: 'invalid'; message: string; };

const failure = (err: unknown): State => ({
  step: 'invalid',
  message: err instanceof ApiError && err.serverMessage ? err.serverMessage : NOTIFY_MSG.unsubscribeInvalid,
});

export default function UnsubscribePage() {
  usePageTitle(NOTIFY_MSG.unsubscribeTitle);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return setState({ step: 'invalid', message: NOTIFY_MSG.unsubscribeInvalid });
    api<{ message: string; }>(`/api/unsubscribe?token=${encodeURIComponent(token)}`)
      .then((r) => setState({ step: 'ask', message: r.message }))
      .catch((err: unknown) => setState(failure(err)));
  }, [token]);

  const stop = async () => {
    setBusy(true);
    try {
      const r = await api<{ message: string; }>('/api/unsubscribe', { method: 'POST', json: { token } });
      setState({ step: 'done', message: r.message });
    } catch (err) {
      setState(failure(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container section">
      <div className="card">
        <h1>{NOTIFY_MSG.unsubscribeTitle}</h1>
        {state.step === 'loading' ?
          null :
          (
            <p role={state.step === 'invalid' ? 'alert' : 'status'} className={state.step === 'invalid' ? 'notice notice--error' : undefined}>
              {state.message}
            </p>
          )}
        {state.step === 'ask' && (
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void stop()}>
            {NOTIFY_MSG.unsubscribeButton}
          </button>
        )}
      </div>
    </section>
  );
}
