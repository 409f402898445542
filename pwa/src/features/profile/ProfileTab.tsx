// Profile tab: full name, read-only e-mail, phone, address; Cancel restores stored values.
import { useState } from 'react';
import { MSG } from '@shared/messages';
import { CUSTOMER_MSG } from '@shared/messages-customer';
import { profileUpdateSchema, type PublicUser } from '@shared/schemas/auth';
import { ApiError, errorMessage } from '@/lib/api';
import { Field, TextArea } from '@/components/Field';
import { useForm } from '@/lib/form/useForm';
import { useUpdateProfile } from './api';

export function ProfileTab({ user }: { user: PublicUser; }) {
  const stored = { name: user.name ?? '', phone: user.phone ?? '', address: user.address ?? '' };
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string; } | null>(null);
  const update = useUpdateProfile();
  const form = useForm({
    initial: stored,
    schema: profileUpdateSchema,
    onSubmit: (data) =>
      update.mutate(data, {
        onSuccess: (r) => {
          setNotice({ kind: 'success', text: r.message || MSG.profileUpdated });
          setEditing(false);
        },
        onError: (err) => {
          // A refusal shows the server's words or 'Profile update failed'; no answer at all, 'Could not update profile.'
          setNotice({ kind: 'error', text: err instanceof ApiError ? errorMessage(err, MSG.profileUpdateFailed) : CUSTOMER_MSG.profileUpdateError });
        },
      }),
  });
  const { values, setValues, errors, setErrors } = form;
  const set = (k: keyof typeof values) => (v: string) => form.setValue(k, v);

  function startEdit() {
    setValues(stored);
    setNotice(null);
    setEditing(true);
  }

  function cancel() {
    setValues(stored);
    setErrors({});
    setEditing(false);
  }

  return (
    <form ref={form.formRef} onSubmit={(e) => (editing ? void form.submit(e) : e.preventDefault())} noValidate className="profile-form">
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <Field
        label="Full name"
        name="name"
        autoComplete="name"
        value={editing ? values.name : stored.name}
        readOnly={!editing}
        onChange={(e) => set('name')(e.target.value)}
        error={errors.name}
      />
      <Field label="Email" name="email" type="email" value={user.email} readOnly hint="Your e-mail cannot be changed." />
      <Field
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        value={editing ? values.phone : stored.phone}
        readOnly={!editing}
        onChange={(e) => set('phone')(e.target.value)}
        error={errors.phone}
        placeholder={editing ? '' : 'Not set'}
      />
      <TextArea
        label="Address"
        name="address"
        rows={2}
        autoComplete="street-address"
        className="profile-form__address"
        value={editing ? values.address : stored.address}
        readOnly={!editing}
        onChange={(e) => set('address')(e.target.value)}
        error={errors.address}
        placeholder={editing ? '' : 'Not set'}
      />
      <div className="actions">
        {editing ?
          (
            <>
              <button type="button" className="btn btn--ghost" onClick={cancel} disabled={update.isPending}>
                Cancel
              </button>
              <button type="submit" className="btn btn--primary" disabled={update.isPending}>
                {update.isPending ? 'Saving…' : 'Save Changes'}
              </button>
            </>
          ) :
          (
            <button type="button" className="btn btn--primary" onClick={startEdit}>
              Edit Profile
            </button>
          )}
      </div>
    </form>
  );
}
