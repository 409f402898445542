// Password reset: 'Send OTP' dialog, then 'Enter OTP and new password'. One flow
// for customers and staff: each passes the calls for its own accounts.
import { useState } from 'react';
import { MSG } from '@shared/messages';
import { useForm } from '@/lib/form/useForm';
import { lazyModule } from '@/lib/lazyModule';
import { Modal } from '../Modal';
import { Field } from '../Field';
import { OtpField } from '../OtpField';
import { FormButtons } from '../FormButtons';
import { NewPasswordFields } from '../NewPasswordFields';
import './password-reset.css';
import { ResetErrorBox } from './ResetErrorBox';
import { networkErrorDisplay, type ResetAction, type ResetErrorDisplay } from './resetErrors';

export interface ResetCalls {
  forgotPassword(email: string): Promise<{ message?: string; }>;
  resetPassword(input: { email: string; otp: string; newPassword: string; confirmPassword: string; }): Promise<{ message?: string; }>;
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

const NO_CODE = { otp: '', newPassword: '', confirmPassword: '' };
// The dialogs' zod schemas, loaded on the first input or submit rather than with the page: the dialog
// opens and takes input without them.
const resetSchemas = lazyModule(() => import('@shared/schemas/auth'));
const errorReader = lazyModule(() => import('./resetErrorFrom'));

/** The display of a failed call; if even its reader cannot load (offline before it was cached), the connection's. */
async function failureOf(err: unknown, fallback: string, audience: 'customer' | 'staff'): Promise<ResetErrorDisplay> {
  try {
    return (await errorReader()).resetErrorFrom(err, fallback, audience);
  } catch {
    return networkErrorDisplay(audience);
  }
}

function ResetDialogs({ initialEmail = '', calls, audience = 'customer', onClose, onDone }: Props) {
  const [stage, setStage] = useState<'email' | 'otp'>('email');
  const [failure, setFailure] = useState<ResetErrorDisplay | null>(null);
  const [info, setInfo] = useState('');
  // One set of values and errors for both dialogs; each checks its own fields.
  const form = useForm<{ email: string; } & typeof NO_CODE, { email: string; } | typeof NO_CODE>({
    initial: { email: initialEmail, ...NO_CODE },
    schema: () => resetSchemas().then((v) => (stage === 'email' ? v.forgotPasswordSchema : v.resetPasswordFormSchema)),
    // The schemas could not be fetched (offline before they were cached): the connection is the problem.
    onLoadError: () => setFailure(networkErrorDisplay(audience)),
    toInput: ({ email, ...code }) => (stage === 'email' ? { email } : code),
    onSubmit: (data) => ('email' in data ? sendOtp(data.email) : reset(data)),
  });
  const { values, errors, setErrors, setValues, pending: busy } = form;
  const email = values.email;
  const setForm = (code: typeof NO_CODE) => setValues((v) => ({ ...v, ...code }));

  function close() {
    setStage('email');
    setForm(NO_CODE);
    setErrors({});
    setFailure(null);
    setInfo('');
    onClose();
  }

  async function sendOtp(address: string) {
    setFailure(null);
    try {
      const r = await calls.forgotPassword(address);
      setInfo(r.message ?? MSG.otpSent);
      setStage('otp');
    } catch (err) {
      setFailure(await failureOf(err, MSG.sendResetFailed, audience));
    }
  }

  async function reset(code: typeof NO_CODE) {
    setFailure(null);
    try {
      const r = await calls.resetPassword({ email: email.trim().toLowerCase(), ...code });
      close();
      onDone(r.message ?? MSG.passwordResetDone);
    } catch (err) {
      setFailure(await failureOf(err, MSG.resetFailed, audience));
    }
  }

  function onAction(a: ResetAction) {
    setFailure(null);
    if (a.to) return close();
    if (a.kind === 'different-email') {
      form.setValue('email', '');
      setStage('email');
    } else if (a.kind === 'request-new') {
      setForm(NO_CODE);
      setInfo('');
      setStage('email');
    } else if (a.kind === 'check-email') {
      // A code was already sent a moment ago: go and type it in.
      setInfo(MSG.otpSent);
      setStage('otp');
    }
  }

  const set = (k: keyof typeof NO_CODE) => (v: string) => form.setValue(k, v);

  return (
    <Modal open title={stage === 'email' ? 'Send OTP' : 'Enter OTP and new password'} onClose={close}>
      {failure && <ResetErrorBox error={failure} onAction={onAction} />}
      {stage === 'email' ?
        (
          <form onSubmit={form.submit} noValidate>
            <p className="muted">Enter the e-mail of your account and we will send you a 6-digit code.</p>
            <Field label="Email" type="email" autoComplete="email" value={email} onChange={form.set('email')} error={errors.email} />
            <FormButtons busy={busy} submitLabel="Send OTP" busyLabel="Sending…" onCancel={close} />
          </form>
        ) :
        (
          <form onSubmit={form.submit} noValidate>
            {info && <p className="notice notice--info">{info}</p>}
            <OtpField label="OTP code" value={values.otp} onChange={set('otp')} error={errors.otp} />
            <NewPasswordFields values={values} errors={errors} onChange={(k, v) => set(k)(v)} />
            <FormButtons busy={busy} submitLabel="Reset Password" busyLabel="Resetting…" onCancel={() => setStage('email')} cancelLabel="Back" />
          </form>
        )}
    </Modal>
  );
}
