// Signup in three steps (spec §2, §4, §5, §8): name + e-mail (code sent), password, 6-digit code.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { DELAY, OTP_LENGTH } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Field } from '@/components/Field';
import { authApi } from './api';
import { PasswordField } from './PasswordField';
import { signInError } from './signInError';
import { useCompleteSignIn } from './useCompleteSignIn';
import { authValidation } from './validation';
import './auth.css';
import { usePageTitle } from '@/components/usePageTitle';
import { LiveFieldset } from '@/components/LiveFieldset';

type Step = 1 | 2 | 3;
type Notice = { kind: 'success' | 'error' | 'info'; text: string } | null;
const STEP_TITLES: Record<Step, string> = { 1: 'Your details', 2: 'Choose a password', 3: 'Verify your e-mail' };

export default function SignupPage() {
  usePageTitle('Sign up');
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState({ name: '', email: '', password: '', confirmPassword: '', otp: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  // After success the buttons stay disabled until the redirect.
  const [done, setDone] = useState(false);
  const complete = useCompleteSignIn();
  const set = (k: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [k]: v }));
  const email = values.email.trim().toLowerCase();

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setNotice(null);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }

  const next = async (e: FormEvent) => {
    e.preventDefault();
    let validation: Awaited<ReturnType<typeof authValidation>>;
    try {
      validation = await authValidation();
    } catch {
      return setNotice({ kind: 'error', text: MSG.network });
    }
    const { signupStep1Schema, signupStep2Schema, fieldErrors } = validation;
    if (step === 1) {
      const parsed = signupStep1Schema.safeParse({ name: values.name, email: values.email });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error));
      setErrors({});
      return run(async () => {
        try {
          await authApi.sendOtp(parsed.data.email);
          setStep(2);
        } catch (err) {
          setNotice({ kind: 'error', text: signInError(err, MSG.sendOtpFailed, MSG.sendOtpError) });
        }
      });
    }
    if (step === 2) {
      const parsed = signupStep2Schema.safeParse({ password: values.password, confirmPassword: values.confirmPassword });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error));
      setErrors({});
      setNotice({ kind: 'info', text: `We sent a ${OTP_LENGTH}-digit code to ${email}.` });
      return setStep(3);
    }
    if (!values.otp.trim()) return setErrors({ otp: MSG.otpRequired });
    setErrors({});
    return run(async () => {
      try {
        await authApi.verifyOtp(email, values.otp.trim());
      } catch (err) {
        return setNotice({ kind: 'error', text: signInError(err, MSG.invalidOtp, MSG.signupError) });
      }
      try {
        const res = await authApi.signup(values.name.trim(), email, values.password);
        setDone(true);
        setNotice({ kind: 'success', text: MSG.signupSuccess });
        await complete(res, DELAY.signupRedirectMs);
      } catch (err) {
        setNotice({ kind: 'error', text: signInError(err, MSG.signupFailed, MSG.signupError) });
      }
    });
  };

  const resend = () =>
    run(async () => {
      try {
        await authApi.sendOtp(email);
        setNotice({ kind: 'success', text: MSG.otpResent });
      } catch (err) {
        setNotice({ kind: 'error', text: signInError(err, MSG.resendOtpFailed, MSG.resendOtpError) });
      }
    });

  const back = () => {
    setErrors({});
    setNotice(null);
    setStep((s) => (s > 1 ? ((s - 1) as Step) : s));
  };

  const changeEmail = () => {
    setValues((s) => ({ ...s, otp: '' }));
    setErrors({});
    setNotice(null);
    setStep(1);
  };

  return (
    <section className="container auth">
      <div className="card auth__card">
        <h1>Create your account</h1>
        <p className="auth__stepno">
          Step {step} of 3 — {STEP_TITLES[step]}
        </p>
        <div className="auth__steps" aria-hidden="true">
          {[1, 2, 3].map((n) => (
            <span key={n} className={n <= step ? 'is-done' : ''} />
          ))}
        </div>
        {notice && (
          <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        )}
        <form onSubmit={next} onInput={() => void authValidation().catch(() => undefined)} noValidate>
          <LiveFieldset>
            {step === 1 && (
              <>
                <Field label="Full name" name="name" autoComplete="name" value={values.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} />
                <Field label="Email" type="email" name="email" autoComplete="email" value={values.email} onChange={(e) => set('email')(e.target.value)} error={errors.email} />
              </>
            )}
            {step === 2 && (
              <>
                <PasswordField label="Password" name="password" autoComplete="new-password" value={values.password} onChange={(e) => set('password')(e.target.value)} error={errors.password} />
                <PasswordField
                  label="Confirm password"
                  name="confirmPassword"
                  autoComplete="new-password"
                  value={values.confirmPassword}
                  onChange={(e) => set('confirmPassword')(e.target.value)}
                  error={errors.confirmPassword}
                />
              </>
            )}
            {step === 3 && (
              <>
                <Field
                  label="Verification code"
                  name="otp"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  // No maxLength: it would cut a pasted "123 456" before the spaces are dropped.
                  value={values.otp}
                  onChange={(e) => set('otp')(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
                  error={errors.otp}
                />
                <div className="auth__links">
                  <button type="button" className="link-button" onClick={resend} disabled={busy}>
                    Resend OTP
                  </button>
                  <button type="button" className="link-button" onClick={changeEmail}>
                    Change Email
                  </button>
                </div>
              </>
            )}
            <div className="auth__buttons">
              {step > 1 && (
                <button type="button" className="btn btn--ghost" onClick={back} disabled={busy}>
                  Back
                </button>
              )}
              <button type="submit" className="btn btn--primary" disabled={busy || done}>
                {step === 3 ? (busy ? 'Creating…' : 'Create Account') : busy ? 'Sending…' : 'Next Step'}
              </button>
            </div>
          </LiveFieldset>
        </form>
        <p className="auth__footer">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </section>
  );
}
