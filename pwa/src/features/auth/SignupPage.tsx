// Signup in three steps: name + e-mail (code sent), password, 6-digit code.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DELAY, OTP_LENGTH } from '@shared/constants';
import { MSG } from '@shared/messages';
import { Field } from '@/components/Field';
import { OtpField } from '@/components/OtpField';
import { authApi } from './api';
import { PasswordField } from './PasswordField';
import { signInError } from './signInError';
import { preloadApi } from '@/lib/apiClient';
import { useCompleteSignIn } from './useCompleteSignIn';
import { authValidation } from './validation';
import { useForm, type FormSchema } from '@/lib/form/useForm';
import './auth.css';
import { usePageTitle } from '@/components/usePageTitle';
import { LiveFieldset } from '@/components/LiveFieldset';

type Step = 1 | 2 | 3;
type Notice = { kind: 'success' | 'error' | 'info'; text: string; } | null;
const STEP_TITLES: Record<Step, string> = { 1: 'Your details', 2: 'Choose a password', 3: 'Verify your e-mail' };
const EMPTY = { name: '', email: '', password: '', confirmPassword: '', otp: '' };
type Values = typeof EMPTY;
type Validation = Awaited<ReturnType<typeof authValidation>>;
/** What each step checks, and with which schema. */
const STEP_CHECK: Record<Step, { schema: (v: Validation) => FormSchema<Partial<Values>>; input: (s: Values) => Partial<Values>; }> = {
  1: { schema: (v: Validation) => v.signupStep1Schema, input: (s: Values) => ({ name: s.name, email: s.email }) },
  2: { schema: (v: Validation) => v.signupStep2Schema, input: (s: Values) => ({ password: s.password, confirmPassword: s.confirmPassword }) },
  3: { schema: (v: Validation) => v.signupCodeSchema, input: (s: Values) => ({ otp: s.otp }) },
};

export default function SignupPage() {
  usePageTitle('Sign up');
  const [step, setStep] = useState<Step>(1);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  // After success the buttons stay disabled until the redirect.
  const [done, setDone] = useState(false);
  const complete = useCompleteSignIn();

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setNotice(null);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }

  const form = useForm<Values, Partial<Values>>({
    initial: EMPTY,
    schema: () => authValidation().then(STEP_CHECK[step].schema),
    toInput: STEP_CHECK[step].input,
    onLoadError: () => setNotice({ kind: 'error', text: MSG.network }),
    // The first input also starts loading the API client the submit will use.
    onWarm: preloadApi,
    onSubmit: (data) => (step === 1 ? sendCode(data.email ?? '') : step === 2 ? codeSent() : createAccount(data.otp ?? '')),
  });
  const { values, errors, setErrors, setValues } = form;
  const set = (k: keyof Values) => (v: string) => form.setValue(k, v);
  const email = values.email.trim().toLowerCase();

  const sendCode = (address: string) =>
    run(async () => {
      try {
        await authApi.sendOtp(address);
        setStep(2);
      } catch (err) {
        setNotice({ kind: 'error', text: await signInError(err, MSG.sendOtpFailed, MSG.sendOtpError) });
      }
    });

  const codeSent = () => {
    setNotice({ kind: 'info', text: `We sent a ${OTP_LENGTH}-digit code to ${email}.` });
    setStep(3);
  };

  const createAccount = (otp: string) =>
    run(async () => {
      try {
        await authApi.verifyOtp(email, otp);
      } catch (err) {
        return setNotice({ kind: 'error', text: await signInError(err, MSG.invalidOtp, MSG.signupError) });
      }
      try {
        const res = await authApi.signup(values.name.trim(), email, values.password);
        setDone(true);
        setNotice({ kind: 'success', text: MSG.signupSuccess });
        await complete(res, DELAY.signupRedirectMs);
      } catch (err) {
        setNotice({ kind: 'error', text: await signInError(err, MSG.signupFailed, MSG.signupError) });
      }
    });

  const resend = () =>
    run(async () => {
      try {
        await authApi.sendOtp(email);
        setNotice({ kind: 'success', text: MSG.otpResent });
      } catch (err) {
        setNotice({ kind: 'error', text: await signInError(err, MSG.resendOtpFailed, MSG.resendOtpError) });
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
          {[1, 2, 3].map((n) => <span key={n} className={n <= step ? 'is-done' : ''} />)}
        </div>
        {notice && (
          <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        )}
        <form ref={form.formRef} onSubmit={form.submit} onInput={form.warm} noValidate>
          {step === 1 && (
            <>
              <Field label="Full name" name="name" autoComplete="name" value={values.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} />
              <Field
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                value={values.email}
                onChange={(e) => set('email')(e.target.value)}
                error={errors.email}
              />
            </>
          )}
          {step === 2 && (
            <>
              <PasswordField
                label="Password"
                name="password"
                autoComplete="new-password"
                value={values.password}
                onChange={(e) => set('password')(e.target.value)}
                error={errors.password}
              />
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
              <OtpField label="Verification code" name="otp" value={values.otp} onChange={set('otp')} error={errors.otp} />
              <div className="auth__links">
                <button type="button" className="link-button" onClick={resend} disabled={busy}>
                  Resend code
                </button>
                <button type="button" className="link-button" onClick={changeEmail}>
                  Change Email
                </button>
              </div>
            </>
          )}
          <LiveFieldset>
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
