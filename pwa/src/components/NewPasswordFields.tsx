// "New password" and "Confirm new password": the pair every password-setting form asks for
// (password reset, an invited employee's welcome, the employee profile's password change).
import { Field } from './Field';

type Key = 'newPassword' | 'confirmPassword';

interface Props {
  values: Record<Key, string>;
  errors: Partial<Record<string, string>>;
  onChange: (key: Key, value: string) => void;
}

export function NewPasswordFields({ values, errors, onChange }: Props) {
  return (
    <>
      <Field label="New password" type="password" autoComplete="new-password" value={values.newPassword} error={errors.newPassword} onChange={(e) => onChange('newPassword', e.target.value)} />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(e) => onChange('confirmPassword', e.target.value)}
      />
    </>
  );
}
