// Login: e-mail + password, show/hide, reset dialogs, Google, → /orders after 1 s.
import { Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { DELAY } from '@shared/constants';
import { MSG } from '@shared/messages';
import { signInError } from './signInError';
import { BlockedContact, isBlockedMessage } from '@/components/BlockedContact';
import { preloadApi } from '@/lib/apiClient';
import { Field } from '@/components/Field';
import { authApi } from './api';
import { GoogleButton } from './GoogleButton';
import { PasswordField } from './PasswordField';
import { lazyNamed } from '@/lib/lazyNamed';
import { useForm } from '@/lib/form/useForm';
import { authValidation } from './validation';
import { useCompleteSignIn } from './useCompleteSignIn';
import './auth.css';
import { usePageTitle } from '@/components/usePageTitle';
import { LiveFieldset } from '@/components/LiveFieldset';
import { useHydrated } from '@/lib/useHydrated';

// The reset dialogs load when someone asks for them.
const PasswordReset = lazyNamed(() => import('@/components/password-reset/PasswordReset'), 'PasswordReset');

type Notice = { kind: 'success' | 'error' | 'info'; text: string; } | null;

export default function LoginPage() {
  usePageTitle('Sign in');
  const location = useLocation();
  const arrivedWith = (location.state as { notice?: string; } | null)?.notice;
  // The page is pre-rendered without any notice: while it hydrates it must render the same, or React
  // throws the markup away and draws it again, emptying fields typed into meanwhile. The notice a
  // redirect brought (why sign-in is asked) shows from the first render after that.
  const live = useHydrated();
  // undefined: nothing said on this page yet, so the arrival notice stands.
  const [notice, setNotice] = useState<Notice | undefined>(undefined);
  const shown: Notice = notice !== undefined ? notice : live && arrivedWith ? { kind: 'info', text: arrivedWith } : null;
  const [busy, setBusy] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const complete = useCompleteSignIn();
  const form = useForm({
    initial: { email: '', password: '' },
    schema: () => authValidation().then((v) => v.loginSchema),
    onLoadError: () => setNotice({ kind: 'error', text: MSG.network }),
    // The first input also starts loading the API client the submit will use.
    onWarm: preloadApi,
    onSubmit: async ({ email, password }) => {
      setBusy(true);
      setNotice(null);
      try {
        const res = await authApi.login(email, password);
        setNotice({ kind: 'success', text: res.message || 'Login successful' });
        await complete(res, DELAY.loginRedirectMs);
      } catch (err) {
        setNotice({ kind: 'error', text: await signInError(err, MSG.loginFailed, MSG.unexpected, MSG.network) });
        setBusy(false);
      }
    },
  });
  const { values, errors, set } = form;

  async function google(credential: string | null) {
    if (!credential) return setNotice({ kind: 'error', text: MSG.googleNoCredential });
    setBusy(true);
    try {
      const res = await authApi.googleLogin(credential);
      setNotice({ kind: 'success', text: res.message || 'Login successful' });
      await complete(res, DELAY.loginRedirectMs);
    } catch (err) {
      setNotice({ kind: 'error', text: await signInError(err, MSG.googleLoginFailed, MSG.googleLoginFailed, MSG.network) });
      setBusy(false);
    }
  }

  return (
    <section className="container auth">
      <div className="card auth__card">
        <h1>Welcome back</h1>
        <p className="muted auth__sub">Sign in to book a cleaning and manage your bookings.</p>
        {shown && (
          <p className={`notice notice--${shown.kind}`} role={shown.kind === 'error' ? 'alert' : 'status'}>
            {shown.text}
            {isBlockedMessage(shown.text) && <BlockedContact />}
          </p>
        )}
        <form ref={form.formRef} onSubmit={form.submit} onInput={form.warm} noValidate>
          <Field label="Email" type="email" name="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            error={errors.password}
          />
          <LiveFieldset>
            <div className="auth__row">
              <button type="button" className="link-button" onClick={() => setResetOpen(true)}>
                Forgot your password?
              </button>
            </div>
            <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign In'}
            </button>
          </LiveFieldset>
        </form>
        <GoogleButton onCredential={google} />
        <p className="auth__footer">
          Don&apos;t have an account? <Link to="/signup">Sign up</Link>
        </p>
      </div>
      {resetOpen && (
        <Suspense fallback={null}>
          <PasswordReset
            open
            calls={authApi}
            initialEmail={values.email}
            onClose={() => setResetOpen(false)}
            onDone={(text) => {
              // The old password typed before the reset is no use now: clear it.
              form.setValue('password', '');
              setNotice({ kind: 'success', text });
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
