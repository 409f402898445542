// A labelled form control with its error message wired up for screen readers.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface Common {
  label: string;
  error?: string;
  hint?: ReactNode;
}

function Wrap({ id, label, error, hint, children }: Common & { id: string; children: ReactNode; }) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && <small id={`${id}-hint`} className="field__hint">{hint}</small>}
      {error && (
        <small id={`${id}-error`} className="field__error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

const described = (id: string, error?: string, hint?: ReactNode) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

export function Field({ label, error, hint, id: given, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const id = given ?? auto;
  return (
    <Wrap id={id} label={label} error={error} hint={hint}>
      <input id={id} aria-invalid={Boolean(error)} aria-describedby={described(id, error, hint)} {...input} />
    </Wrap>
  );
}

export function TextArea({ label, error, hint, id: given, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const id = given ?? auto;
  return (
    <Wrap id={id} label={label} error={error} hint={hint}>
      <textarea id={id} aria-invalid={Boolean(error)} aria-describedby={described(id, error, hint)} {...input} />
    </Wrap>
  );
}

export function Select(
  { label, error, hint, id: given, options, placeholder, ...input }: Common & SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly string[];
    placeholder?: string;
  },
) {
  const auto = useId();
  const id = given ?? auto;
  return (
    <Wrap id={id} label={label} error={error} hint={hint}>
      <select id={id} aria-invalid={Boolean(error)} aria-describedby={described(id, error, hint)} {...input}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </Wrap>
  );
}
