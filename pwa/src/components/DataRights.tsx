// "Your data" on the customer's and the staff profile: download a copy of everything we
// hold (a ZIP, or for a large account a link e-mailed later), and — customers only — close the
// account after reading what is kept and why, with the password or an e-mailed code.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DATA_RIGHTS_MSG as M } from '@shared/messages-data-rights';
import { ApiError, api, apiBlob, errorMessage } from '@/lib/api';
import { customerSession } from '@/lib/session';
import { Modal } from './Modal';
import { useToast } from './Toast';
import './data-rights.css';

type Who = 'customer' | 'employee';
const EXPORT_PATH: Record<Who, string> = { customer: '/api/user/data-export', employee: '/api/employee/data-export' };

/** Hands the bytes to the browser as a download under the server's file name. */
function saveBlob(blob: Blob, headers: Headers) {
  const name = /filename="([^"]+)"/.exec(headers.get('Content-Disposition') ?? '')?.[1] ?? 'my-data.zip';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function DataRights({ who, hasPassword = true }: { who: Who; hasPassword?: boolean; }) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error' | 'info'; text: string; } | null>(null);
  const [closing, setClosing] = useState(false);

  const download = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const { blob, headers } = await apiBlob(EXPORT_PATH[who], { auth: who });
      // A large account: prepared later, the link comes by e-mail.
      if ((headers.get('Content-Type') ?? '').includes('json')) {
        const body = JSON.parse(await blob.text()) as { message?: string; };
        setNotice({ kind: 'info', text: body.message ?? M.downloading });
      } else {
        saveBlob(blob, headers);
        setNotice({ kind: 'success', text: M.downloaded });
      }
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err, M.downloadFailed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card data-rights" aria-labelledby="data-rights-title">
      <h2 id="data-rights-title">{M.sectionTitle}</h2>
      <p className="muted">{M.sectionIntro}</p>
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <div className="data-rights__actions">
        <button type="button" className="btn btn--secondary" onClick={() => void download()} disabled={busy}>
          {busy ? M.downloading : M.download}
        </button>
        {who === 'customer' ?
          (
            <button type="button" className="btn btn--ghost data-rights__close" onClick={() => setClosing(true)}>
              {M.closeAccount}
            </button>
          ) :
          <p className="muted">{M.staffSelfClose}</p>}
      </div>
      {who === 'customer' && <CloseAccountDialog open={closing} hasPassword={hasPassword} onClose={() => setClosing(false)} />}
    </section>
  );
}

function CloseAccountDialog({ open, hasPassword, onClose }: { open: boolean; hasPassword: boolean; onClose: () => void; }) {
  const [secret, setSecret] = useState('');
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();

  const sendCode = async () => {
    setError('');
    try {
      const r = await api<{ message?: string; }>('/api/user/close-account/code', { method: 'POST', auth: 'customer' });
      setInfo(r.message ?? M.closeCodeSent);
    } catch (err) {
      setError(errorMessage(err, M.closeFailed));
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!secret.trim()) return setError(hasPassword ? M.passwordRequired : M.codeRequired);
    setPending(true);
    setError('');
    try {
      const r = await api<{ message?: string; }>('/api/user/close-account', {
        method: 'POST',
        auth: 'customer',
        json: hasPassword ? { password: secret } : { code: secret },
      });
      // The server ended every session already: only this device's copy is left to forget.
      customerSession.clear();
      toast.show(r.message ?? M.closed, 'success');
      navigate('/', { replace: true });
    } catch (err) {
      const field = err instanceof ApiError ? Object.values(err.fieldErrors)[0] : undefined;
      setError(field ?? errorMessage(err, M.closeFailed));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal open={open} title={M.closeTitle} onClose={onClose} closeOnBackdrop={false}>
      <form className="close-account" onSubmit={(e) => void submit(e)} noValidate>
        <h3>{M.closeKeptTitle}</h3>
        <ul className="close-account__list">
          {M.closeExplain.map((line) => <li key={line}>{line}</li>)}
        </ul>
        {!hasPassword && (
          <p>
            <span className="muted">{M.useCodeInstead}</span>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => void sendCode()}>
              {M.closeSendCode}
            </button>
          </p>
        )}
        {info && (
          <p className="notice notice--info" role="status">
            {info}
          </p>
        )}
        <div className="field">
          <label htmlFor="close-account-secret">{hasPassword ? M.closePasswordLabel : M.closeCodeLabel}</label>
          <input
            id="close-account-secret"
            type={hasPassword ? 'password' : 'text'}
            inputMode={hasPassword ? undefined : 'numeric'}
            autoComplete={hasPassword ? 'current-password' : 'one-time-code'}
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'close-account-error' : undefined}
          />
        </div>
        {error && (
          <p id="close-account-error" className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <div className="actions close-account__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {M.closeCancel}
          </button>
          <button type="submit" className="btn btn--danger" disabled={pending}>
            {pending ? M.closing : M.closeConfirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
