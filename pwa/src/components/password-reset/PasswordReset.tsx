// Password reset (spec §2, §4, §5, §8): 'Send OTP' dialog, then 'Enter OTP and new password'. One flow
// for customers and staff: each passes the calls for its own accounts.
import { useState, type FormEvent } from 'react';
import { MSG } from '@shared/messages';
import { OTP_LENGTH } from '@shared/constants';
import { forgotPasswordSchema, resetPasswordFormSchema } from '@shared/schemas/auth';
import { fieldErrors } from '@shared/schemas/common';
import { Modal } from '../Modal';
import { Field } from '../Field';
import './password-reset.css';
import { ResetErrorBox } from './ResetErrorBox';
import { resetErrorFrom, type ResetAction, type ResetErrorDisplay } from './resetErrors';

export interface ResetCalls {
  forgotPassword(email: string): Promise<{ message?: string }>;
  resetPassword(input: { email: string; otp: string; newPassword: string; confirmPassword: string }): Promise<{ message?: string }>;
}

interface Props {
  open: boolean;
  calls: ResetCalls;
  /** Staff have no signup: their "Account Not Found" offers only another e-mail. */
  audience?: 'customer' | 'staff';
  initialEmail?: string;
  onClose: () => void;
  /** Called with the success text once the password is changed. */
  onDone: (message: string) => void;
}

export function PasswordReset(props: Props) {
  // Mounted only while open, so each opening starts clean with the e-mail typed on the login form.
  return props.open ? <ResetDialogs {...props} /> : null;
}

function ResetDialogs({ initialEmail = '', calls, audience = 'customer', onClose, onDone }: Props) {
  const [stage, setStage] = useState<'email' | 'otp'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [form, setForm] = useState({ otp: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<ResetErrorDisplay | null>(null);
  const [info, setInfo] = useState('');
  const [busy, setBusy] = useState(false);

  function close() {
    setStage('email');
    setForm({ otp: '', newPassword: '', confirmPassword: '' });
    setErrors({});
    setFailure(null);
    setInfo('');
    onClose();
  }

  async function sendOtp(e?: FormEvent) {
    e?.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const r = await calls.forgotPassword(parsed.data.email);
      setInfo(r.message ?? MSG.otpSent);
      setStage('otp');
    } catch (err) {
      setFailure(resetErrorFrom(err, MSG.sendResetFailed, audience));
    } finally {
      setBusy(false);
    }
  }

  async function reset(e: FormEvent) {
    e.preventDefault();
    const parsed = resetPasswordFormSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const r = await calls.resetPassword({ email: email.trim().toLowerCase(), ...parsed.data });
      close();
      onDone(r.message ?? MSG.passwordResetDone);
    } catch (err) {
      setFailure(resetErrorFrom(err, MSG.resetFailed, audience));
    } finally {
      setBusy(false);
    }
  }

  function onAction(a: ResetAction) {
    setFailure(null);
    if (a.to) return close();
    if (a.kind === 'different-email') {
      setEmail('');
      setStage('email');
    } else if (a.kind === 'request-new') {
      setForm({ otp: '', newPassword: '', confirmPassword: '' });
      setInfo('');
      setStage('email');
    } else if (a.kind === 'check-email') {
      // A code was already sent a moment ago: go and type it in.
      setInfo(MSG.otpSent);
      setStage('otp');
    }
  }

  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  return (
    <Modal open title={stage === 'email' ? 'Send OTP' : 'Enter OTP and new password'} onClose={close}>
      {failure && <ResetErrorBox error={failure} onAction={onAction} />}
      {stage === 'email' ? (
        <form onSubmit={sendOtp} noValidate>
          <p className="muted">Enter the e-mail of your account and we will send you a 6-digit code.</p>
          <Field label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
          <div className="actions">
            <button type="button" className="btn btn--ghost" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? 'Sending…' : 'Send OTP'}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={reset} noValidate>
          {info && <p className="notice notice--info">{info}</p>}
          <Field
            label="OTP code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={form.otp}
            onChange={(e) => set('otp')(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
            error={errors.otp}
          />
          <Field label="New password" type="password" autoComplete="new-password" value={form.newPassword} onChange={(e) => set('newPassword')(e.target.value)} error={errors.newPassword} />
          <Field
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={(e) => set('confirmPassword')(e.target.value)}
            error={errors.confirmPassword}
          />
          <div className="actions">
            <button type="button" className="btn btn--ghost" onClick={() => setStage('email')}>
              Back
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? 'Resetting…' : 'Reset Password'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
