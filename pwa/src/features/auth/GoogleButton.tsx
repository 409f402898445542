// Google sign-in through Google Identity Services. Without VITE_GOOGLE_CLIENT_ID it renders nothing.
import { useEffect, useRef } from 'react';

const GSI_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleId {
  initialize(opts: { client_id: string; callback: (r: { credential?: string; }) => void; }): void;
  renderButton(el: HTMLElement, opts: Record<string, unknown>): void;
}
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId; }; };
  }
}

let loading: Promise<void> | undefined;
function loadScript(): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = GSI_SRC;
    s.async = true;
    s.defer = true;
    s.onload = () => resolve();
    s.onerror = () => {
      loading = undefined;
      reject(new Error('gsi'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

interface Props {
  /** Receives the ID token, or null when Google gave none. */
  onCredential: (credential: string | null) => void;
}

export function GoogleButton({ onCredential }: Props) {
  const clientId = import.meta.env.VITE_GOOGLE_CLIENT_ID as string | undefined;
  const holder = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadScript()
      .then(() => {
        const id = window.google?.accounts.id;
        if (cancelled || !id || !holder.current) return;
        id.initialize({ client_id: clientId, callback: (r) => callback.current(r.credential ?? null) });
        id.renderButton(holder.current, { theme: 'outline', size: 'large', text: 'signin_with', width: 280 });
      })
      .catch(() => {
        // Offline or blocked: the e-mail sign-in still works, so the button simply stays absent.
      });
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (!clientId) return null;
  return (
    <div className="auth__google">
      <div className="auth__or">
        <span>or</span>
      </div>
      <div ref={holder} className="auth__google-button" />
    </div>
  );
}
