import { useState, type InputHTMLAttributes } from 'react';
import { Field } from '@/components/Field';

/** A password input with a Show/Hide toggle. */
export function PasswordField(props: { label: string; error?: string; } & InputHTMLAttributes<HTMLInputElement>) {
  const [shown, setShown] = useState(false);
  return (
    <div className="auth__password">
      <Field {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="auth__toggle"
        aria-pressed={shown}
        aria-label={shown ? 'Hide password' : 'Show password'}
        onClick={() => setShown(!shown)}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
