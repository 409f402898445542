// /employee/login (spec §2, §5, §8): e-mail and password required; server message or the spec's fallback.
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { Field } from '../../../components/Field';
import { errorMessage } from '../../../lib/api';
import { MSG } from '../../../../../shared/messages';
import { employeeLoginSchema } from '../../../../../shared/schemas/employee';
import { fieldErrors } from '../../../../../shared/schemas/common';
import { useEmployeeSession } from './EmployeeSession';
import { loginEmployee } from './api';
import './auth.css';
import { focusFirstError } from '../focusFirstError';
import { usePageTitle } from '../../../components/usePageTitle';

export default function LoginPage() {
  usePageTitle('Employee sign in');
  const { token, signIn } = useEmployeeSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const login = useMutation({
    mutationFn: (input: { email: string; password: string }) => loginEmployee(input.email, input.password),
    onSuccess: (res) => {
      signIn(res.token, res.user);
      navigate('/employee/dashboard', { replace: true });
    },
  });

  if (token && !login.isPending) return <Navigate to="/employee/dashboard" replace />;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = employeeLoginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstError(e.currentTarget);
      return;
    }
    setErrors({});
    login.mutate(parsed.data);
  };

  return (
    <main className="emp-auth">
      <div className="emp-auth__card card">
        <p className="emp-auth__brand">Employee Portal</p>
        <h1>Sign in</h1>
        <p className="muted">Staff sign-in for accepting bookings, submitting work and the blog.</p>
        {login.isError && (
          <p className="notice notice--error" role="alert">
            {errorMessage(login.error, MSG.employeeLoginFailed)}
          </p>
        )}
        <form onSubmit={submit} noValidate>
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
          <button type="submit" className="btn btn--primary btn--block" disabled={login.isPending}>
            {login.isPending ? 'Signing in…' : 'Sign In'}
          </button>
        </form>
        <p className="emp-auth__links">
          <Link to="/employee/forgot-password">Forgot your password?</Link>
          <Link to="/">Back to the website</Link>
        </p>
      </div>
    </main>
  );
}
