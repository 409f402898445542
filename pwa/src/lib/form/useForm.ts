// The one way a form goes through: its values → the shared zod schema → field errors (and focus on the
// first invalid field) or the submit callback with the parsed data. A page that must paint without zod
// passes a loader instead of the schema: it starts loading on the first input (`set`, `warm`) and is
// awaited on submit at the latest.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { checkForm, type Checked, type ExtraErrors, type FieldErrors, type FormSchema } from './checkForm';
import { focusFirstError } from './focusFirstError';
import { typedValues } from './typedValues';
import { useHydrated } from '@/lib/useHydrated';

export type { Checked, ExtraErrors, FieldErrors, FormSchema } from './checkForm';
/** The schema itself, or a loader of it (a lazily imported chunk). */
export type SchemaSource<T> = FormSchema<T> | (() => Promise<FormSchema<T>>);

const loadSchema = <T>(source: SchemaSource<T>): Promise<FormSchema<T>> => typeof source === 'function' ? source() : Promise.resolve(source);

export interface FormOptions<V, T> {
  initial: V | (() => V);
  schema: SchemaSource<T>;
  /** The values as the schema checks them (trimmed, '' dropped…); the values themselves by default. */
  toInput?: (values: V) => unknown;
  /** Errors the schema cannot find, merged over its own. */
  extraErrors?: (values: V) => ExtraErrors;
  /** Runs only with parsed data; `pending` stays true while the promise it returns is open. */
  onSubmit: (data: T, values: V) => unknown;
  /** The lazily loaded schema could not be loaded (offline before it was cached); rethrown by default. */
  onLoadError?: (err: unknown) => void;
  /** Also start loading what a submit will need (first input, or text taken over on hydration). */
  onWarm?: () => void;
}

export function useForm<V extends object, T>(opts: FormOptions<V, T>) {
  const [values, setValues] = useState<V>(opts.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [refused, setRefused] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  const { schema } = opts;

  // On hydration of a pre-rendered form: take over what was typed before the app was live (the controls
  // are matched to the values by `name`), so a submit sends what the person sees. Nothing else changes,
  // and a form rendered by the app itself (its controls show its state, or something else on purpose) is
  // left alone.
  const hydrating = useRef(!useHydrated());
  useEffect(() => {
    const typed = hydrating.current && formRef.current ? typedValues(formRef.current, values) : {};
    if (Object.keys(typed).length === 0) return;
    setValues((v) => ({ ...v, ...typed }));
    warm();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: later input goes through onChange
  }, []);

  // After a refused submit, once the messages (and aria-invalid) are rendered.
  useEffect(() => {
    if (refused > 0) focusFirstError(formRef.current);
  }, [refused]);

  /** Starts loading a lazily loaded schema, so a submit does not wait for it. */
  const warm = () => {
    if (typeof schema === 'function') void schema().catch(() => undefined);
    opts.onWarm?.();
  };

  const setValue = <K extends keyof V>(field: K, value: V[K]) => {
    warm();
    setValues((v) => ({ ...v, [field]: value }));
  };
  /** An onChange handler for a text control. */
  const set = (field: keyof V) => (e: { target: { value: string; }; }) => setValue(field, e.target.value as V[keyof V]);

  /** Checks a candidate (the current values by default) without showing anything. */
  const validate = async (input: unknown = (opts.toInput ?? ((v: V) => v))(values)): Promise<Checked<T>> =>
    checkForm(await loadSchema(schema), input, opts.extraErrors?.(values));

  /** Checks the candidate and shows (or clears) the error of one field only, e.g. on blur. */
  const validateField = async (field: string, input?: unknown) => {
    const checked = await validate(input);
    const message = checked.ok ? undefined : checked.errors[field];
    setErrors((shown) => {
      const next = { ...shown };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });
  };

  /** The form's onSubmit; a caller with its own candidate (only what changed…) passes it. */
  const submit = async (e?: FormEvent<HTMLFormElement>, input?: unknown) => {
    e?.preventDefault();
    if (e?.currentTarget) formRef.current = e.currentTarget;
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      let checked: Checked<T>;
      try {
        checked = await validate(input);
      } catch (err) {
        if (!opts.onLoadError) throw err;
        opts.onLoadError(err);
        return;
      }
      if (!checked.ok) {
        setErrors(checked.errors);
        setRefused((n) => n + 1);
        return;
      }
      setErrors({});
      await opts.onSubmit(checked.data, values);
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return { values, setValues, setValue, set, errors, setErrors, pending, formRef, warm, validate, validateField, submit };
}
