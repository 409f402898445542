// "New password" and "Confirm new password": the pair every password-setting form asks for
// (password reset, an invited employee's welcome, the employee profile's password change, which
// also asks for the current password first).
import { Field } from './Field';

type Key = 'currentPassword' | 'newPassword' | 'confirmPassword';

const FIELDS: { key: Key; label: string; autoComplete: string; }[] = [
  { key: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { key: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { key: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

type Pair = 'newPassword' | 'confirmPassword';
type Props =
  & { errors: Partial<Record<string, string>>; }
  & (
    | { askCurrent?: false; values: Record<Pair, string>; onChange: (key: Pair, value: string) => void; }
    /** Ask for the current password too (changing a password while signed in). */
    | { askCurrent: true; values: Record<Key, string>; onChange: (key: Key, value: string) => void; }
  );

export function NewPasswordFields({ values, errors, onChange, askCurrent }: Props) {
  // Without askCurrent only the pair is shown, so only the pair's keys are read and reported.
  const read = values as Record<Key, string>;
  const report = onChange as (key: Key, value: string) => void;
  return (
    <>
      {(askCurrent ? FIELDS : FIELDS.slice(1)).map((f) => (
        <Field
          key={f.key}
          label={f.label}
          type="password"
          autoComplete={f.autoComplete}
          value={read[f.key]}
          error={errors[f.key]}
          onChange={(e) => report(f.key, e.target.value)}
        />
      ))}
    </>
  );
}
