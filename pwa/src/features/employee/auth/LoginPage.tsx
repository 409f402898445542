// /employee/login, the sign-in of staff and of the office alike: e-mail and password required; the
// server's message, else the fixed fallback text. Afterwards: back where a deep link was refused, else
// an admin's home (the office), else the cleaner's dashboard.
// A route of its own, outside the portal's frame: a cleaner opening it from the home screen downloads
// this form only. Validation and the query client load on first input or on submit.
import { useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Field } from '@/components/Field';
import { errorText, preloadApi } from '@/lib/apiClient';
import { lazyModule } from '@/lib/lazyModule';
import { useForm } from '@/lib/form/useForm';
import { employeeSession, onSessionChange } from '@/lib/session';
import { MSG } from '@shared/messages';
import { loginEmployee } from './api';
import './auth.css';
import { usePageTitle } from '@/components/usePageTitle';
import { LiveFieldset } from '@/components/LiveFieldset';

// The sign-in form's validation, in its own chunk: loaded on the form's first input or submit.
const validation = lazyModule(() => import('@shared/schemas/employee'));
const queries = lazyModule(() => import('@/lib/queryClient'));
const loadSchema = () => validation().then((v) => v.employeeLoginSchema);

/** The page that sent the visitor here, when it is one of the staff's own (never another site). */
function deepLink(from: unknown): string | null {
  return typeof from === 'string' && /^\/(?:office|employee)(?:[/?]|$)/.test(from) && !from.startsWith('/employee/login') ? from : null;
}

export default function LoginPage() {
  usePageTitle('Staff and office sign-in');
  const from = (useLocation().state as { from?: unknown; } | null)?.from;
  const token = useSyncExternalStore(onSessionChange, employeeSession.token, () => null);
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Set before the token is stored: storing it re-renders this page, which then redirects (below).
  const home = useRef<string | null>(null);
  const fail = async (err: unknown) => setFailure(await errorText(err, MSG.employeeLoginFailed));
  const form = useForm({
    initial: { email: '', password: '' },
    schema: loadSchema,
    onLoadError: (err) => void fail(err),
    onSubmit: async ({ email, password }) => {
      try {
        const res = await loginEmployee(email, password);
        const [{ queryClient }, { signInEmployee, homeOf }] = await Promise.all([queries(), import('./signIn')]);
        home.current = homeOf(res.user.role);
        signInEmployee(queryClient, res.token, res.user);
        navigate(deepLink(from) ?? home.current, { replace: true });
      } catch (err) {
        await fail(err);
      }
    },
  });
  const { values, errors, pending } = form;

  // Signed in: the deep link, else the home found at sign-in; on arrival already signed in (role unknown
  // without a call) the portal, which links the office.
  if (token && !pending) return <Navigate to={deepLink(from) ?? home.current ?? '/employee/dashboard'} replace />;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (!pending) setFailure(null);
    void form.submit(e);
  };
  const warm = () => {
    form.warm();
    preloadApi();
    queries().catch(() => undefined);
  };

  return (
    <main className="emp-auth">
      <div className="emp-auth__card card">
        <p className="emp-auth__brand">Staff and office</p>
        <h1>Sign in</h1>
        <p className="muted">Staff and office sign-in: cleaners accept bookings, submit work and write for the blog; admins go straight to the office.</p>
        {failure && (
          <p className="notice notice--error" role="alert">
            {failure}
          </p>
        )}
        <form ref={form.formRef} onSubmit={submit} onInput={warm} noValidate>
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={values.email}
            error={errors.email}
            onChange={form.set('email')}
          />
          <Field
            label="Password"
            type={showPassword ? 'text' : 'password'}
            name="password"
            autoComplete="current-password"
            required
            value={values.password}
            error={errors.password}
            onChange={form.set('password')}
          />
          <LiveFieldset>
            <label className="check">
              <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
              <span>Show password</span>
            </label>
            <button type="submit" className="btn btn--primary btn--block" disabled={pending}>
              {pending ? 'Signing in…' : 'Sign In'}
            </button>
          </LiveFieldset>
        </form>
        <p className="emp-auth__links">
          <Link to="/employee/forgot-password">Forgot your password?</Link>
          <Link to="/">Back to the website</Link>
        </p>
      </div>
    </main>
  );
}
