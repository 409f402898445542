// The customer's password change (the staff profile has the same): current password, the new one
// twice, the shared rule; this device stays signed in with the fresh token the API answers, every
// other session ends. An account made with Google that never set a password is told how to set one.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CUSTOMER_MSG } from '@shared/messages-customer';
import { changePasswordFormSchema, type PublicUser } from '@shared/schemas/auth';
import { ApiError, api, errorMessage } from '@/lib/api';
import { customerSession } from '@/lib/session';
import { userPaths } from '@/lib/queryKeys';
import { useForm } from '@/lib/form/useForm';
import { NewPasswordFields } from '@/components/NewPasswordFields';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Key = keyof typeof EMPTY;

export function ChangePassword({ user }: { user: PublicUser; }) {
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string; } | null>(null);
  const change = useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string; }) =>
      api<{ token: string; message?: string; }>(userPaths.changePassword, { method: 'PUT', auth: 'customer', json: input }),
  });
  const form = useForm({
    initial: EMPTY,
    schema: changePasswordFormSchema,
    onSubmit: ({ currentPassword, newPassword }) =>
      change.mutateAsync({ currentPassword, newPassword }).then(
        (r) => {
          // The old token was ended with every other session: keep this device signed in.
          customerSession.save(r.token, user);
          form.setValues(EMPTY);
          setNotice({ kind: 'success', text: r.message || CUSTOMER_MSG.passwordChanged });
        },
        (err: unknown) => {
          if (err instanceof ApiError) form.setErrors(err.fieldErrors);
          setNotice({ kind: 'error', text: errorMessage(err, CUSTOMER_MSG.passwordChangeFailed) });
        },
      ),
  });

  if (user.has_password === false) {
    return (
      <section className="card profile__password" aria-labelledby="password-title">
        <h2 id="password-title">Password</h2>
        <p className="muted">{CUSTOMER_MSG.googleNoPassword}</p>
      </section>
    );
  }
  return (
    <section className="card profile__password" aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <form ref={form.formRef} onSubmit={(e) => void form.submit(e)} noValidate className="profile-form">
        {notice && (
          <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        )}
        <NewPasswordFields askCurrent values={form.values} errors={form.errors} onChange={(k: Key, v) => form.setValue(k, v)} />
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={form.pending}>
            {form.pending ? 'Saving…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
