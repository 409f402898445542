// /employee/login (spec §2, §5, §8): e-mail and password required; server message or the spec's fallback.
// A route of its own, outside the portal's frame: a cleaner opening it from the home screen downloads
// this form only. Validation and the query client load on first input or on submit.
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Field } from '@/components/Field';
import { errorMessage } from '@/lib/api';
import { lazyModule } from '@/lib/lazyModule';
import { employeeSession, onSessionChange } from '@/lib/session';
import { MSG } from '@shared/messages';
import { loginEmployee } from './api';
import './auth.css';
import { focusFirstError } from '../focusFirstError';
import { usePageTitle } from '@/components/usePageTitle';
import { LiveFieldset } from '@/components/LiveFieldset';

const validation = lazyModule(() => import('./loginValidation'));
const queries = lazyModule(() => import('@/lib/queryClient'));
const warm = () => {
  validation().catch(() => undefined);
  queries().catch(() => undefined);
};

export default function LoginPage() {
  usePageTitle('Employee sign in');
  const token = useSyncExternalStore(onSessionChange, employeeSession.token, () => null);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (token && !pending) return <Navigate to="/employee/dashboard" replace />;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    const form = e.currentTarget;
    setFailure(null);
    setPending(true);
    try {
      const { employeeLoginSchema, fieldErrors } = await validation();
      const parsed = employeeLoginSchema.safeParse({ email, password });
      if (!parsed.success) {
        setErrors(fieldErrors(parsed.error));
        focusFirstError(form);
        return;
      }
      setErrors({});
      const res = await loginEmployee(parsed.data.email, parsed.data.password);
      const [{ queryClient }, { signInEmployee }] = await Promise.all([queries(), import('./signIn')]);
      signInEmployee(queryClient, res.token, res.user);
      navigate('/employee/dashboard', { replace: true });
    } catch (err) {
      setFailure(errorMessage(err, MSG.employeeLoginFailed));
    } finally {
      setPending(false);
    }
  };

  return (
    <main className="emp-auth">
      <div className="emp-auth__card card">
        <p className="emp-auth__brand">Employee Portal</p>
        <h1>Sign in</h1>
        <p className="muted">Staff sign-in for accepting bookings, submitting work and the blog.</p>
        {failure && (
          <p className="notice notice--error" role="alert">
            {failure}
          </p>
        )}
        <form onSubmit={submit} onInput={warm} noValidate>
          <LiveFieldset>
            <Field label="Email" type="email" name="email" autoComplete="username" required value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
            <Field
              label="Password"
              type={showPassword ? 'text' : 'password'}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              error={errors.password}
              onChange={(e) => setPassword(e.target.value)}
            />
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
