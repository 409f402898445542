import { Field } from '@/components/Field';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { cleanPostcode } from '@shared/postcode';
import { POSTCODE_MAX } from '@shared/constants';
import type { ProfileForm } from './profileForm';

interface Props {
  form: ProfileForm;
  errors: Record<string, string>;
  editing: boolean;
  email: string;
  onChange: (patch: Partial<ProfileForm>) => void;
}

type TextKey = 'name' | 'phone' | 'address' | 'post_code' | 'area_serves' | 'best_suited_for';
const TEXT_FIELDS: { key: TextKey; label: string; type?: string; autoComplete?: string; }[] = [
  { key: 'name', label: 'Full name', autoComplete: 'name' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { key: 'address', label: 'Address', autoComplete: 'street-address' },
  { key: 'post_code', label: 'Post code', autoComplete: 'postal-code' },
  { key: 'area_serves', label: 'Service area' },
  { key: 'best_suited_for', label: 'Best suited for' },
];

/** The editable fields; read-only (but still labelled) outside edit mode. E-mail is always read-only. */
export function ProfileFields({ form, errors, editing, email, onChange }: Props) {
  return (
    <>
      <div className="emp-profile__grid">
        {TEXT_FIELDS.map((f) => (
          <Field
            key={f.key}
            label={f.label}
            type={f.type ?? 'text'}
            autoComplete={f.autoComplete}
            readOnly={!editing}
            placeholder={editing ? undefined : 'Not set'}
            required={f.key === 'name'}
            maxLength={f.key === 'post_code' ? POSTCODE_MAX : undefined}
            value={form[f.key]}
            error={errors[f.key]}
            onChange={(e) => onChange({ [f.key]: f.key === 'post_code' ? cleanPostcode(e.target.value) : e.target.value })}
          />
        ))}
        <Field label="Email" type="email" value={email} readOnly hint="Your e-mail address cannot be changed here." />
      </div>
      <label className="check">
        <input type="checkbox" checked={form.has_own_car} disabled={!editing} onChange={(e) => onChange({ has_own_car: e.target.checked })} />
        <span>I have my own car</span>
      </label>
      {editing && (
        <fieldset className="emp-profile__password">
          <legend>Change Password</legend>
          <p className="muted">Leave these empty to keep your current password.</p>
          <NewPasswordFields askCurrent values={form} errors={errors} onChange={(k, v) => onChange({ [k]: v })} />
        </fieldset>
      )}
    </>
  );
}
