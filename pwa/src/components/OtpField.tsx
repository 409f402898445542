// The one-time code input of sign-up and password reset: digits only, cut to the code's length.
// No maxLength: it would cut a pasted "123 456" before the spaces are dropped.
import { OTP_LENGTH } from '@shared/constants';
import { Field } from './Field';

interface Props {
  label: string;
  name?: string;
  value: string;
  error?: string;
  onChange: (code: string) => void;
}

export function OtpField({ label, name, value, error, onChange }: Props) {
  return (
    <Field
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
      error={error}
    />
  );
}
