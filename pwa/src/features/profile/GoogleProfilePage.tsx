// Google profile (/profileg): name, read-only e-mail and photo; edits stay in this
// browser only (lib/session.ts keeps them; no call is made).
import { usePageTitle } from '@/components/usePageTitle';
import { useState, type ChangeEvent } from 'react';
import { z } from 'zod';
import { MSG } from '@shared/messages';
import { CUSTOMER_MSG } from '@shared/messages-customer';
import { Field } from '@/components/Field';
import { googleProfileEdits } from '@/lib/session';
import { useForm } from '@/lib/form/useForm';
import { Avatar } from './Avatar';
import './profile.css';

// Only the name is checked: it is kept in this browser, so no server rule applies.
const nameSchema = z.strictObject({ name: z.string().trim().min(1, CUSTOMER_MSG.nameCannotBeEmpty) });

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export default function GoogleProfilePage() {
  usePageTitle('My Profile');
  const [stored, setStored] = useState(() => googleProfileEdits.read());
  const email = stored.email;
  const [editing, setEditing] = useState(false);
  const [picture, setPicture] = useState(stored.picture);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string; } | null>(null);
  const form = useForm({
    initial: { name: stored.name },
    schema: nameSchema,
    onSubmit: ({ name }) => {
      try {
        googleProfileEdits.save(name, picture);
      } catch {
        // A large photo can exceed the browser's storage quota.
        return setNotice({ kind: 'error', text: 'That photo is too large to keep in this browser. Please choose a smaller one.' });
      }
      setStored({ email, name, picture });
      setEditing(false);
      setNotice({ kind: 'success', text: MSG.profileUpdated });
    },
  });
  const name = form.values.name;

  if (!email) {
    return (
      <section className="container section profile">
        <div className="card profile__state">
          <h1>{CUSTOMER_MSG.googleNotLoggedIn}</h1>
          <p className="muted">{CUSTOMER_MSG.googleLoginPrompt}</p>
        </div>
      </section>
    );
  }

  async function choosePhoto(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    try {
      setPicture(await readAsDataUrl(file));
    } catch {
      setNotice({ kind: 'error', text: 'That image could not be read. Please choose another.' });
    }
  }

  function cancel() {
    form.setValues({ name: stored.name });
    setPicture(stored.picture);
    form.setErrors({});
    setEditing(false);
  }

  return (
    <section className="container section profile">
      <h1>Your Google profile</h1>
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <form ref={form.formRef} className="card profile-form" onSubmit={(e) => (editing ? void form.submit(e) : e.preventDefault())} noValidate>
        <div className="gprofile__photo">
          <Avatar name={editing ? name : stored.name} picture={editing ? picture : stored.picture} />
          {editing && (
            <div className="field">
              <label htmlFor="gphoto">Change photo</label>
              <input id="gphoto" type="file" accept="image/*" onChange={(e) => void choosePhoto(e)} />
            </div>
          )}
        </div>
        <Field label="Name" name="name" value={editing ? name : stored.name} readOnly={!editing} onChange={form.set('name')} error={form.errors.name} />
        <Field label="Email" name="email" type="email" value={email} readOnly />
        <p className="muted">Changes here are kept in this browser only.</p>
        <div className="actions">
          {editing ?
            (
              <>
                <button type="button" className="btn btn--ghost" onClick={cancel}>
                  Cancel
                </button>
                <button type="submit" className="btn btn--primary">
                  Save Changes
                </button>
              </>
            ) :
            (
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => {
                  setNotice(null);
                  setEditing(true);
                }}
              >
                Edit Profile
              </button>
            )}
        </div>
      </form>
    </section>
  );
}
