// What the three public forms share: their values, field errors, the result notice, and the one way
// through — validate with the shared schema (errors + focus), else send through the outbox and say how it went.
// The page paints and takes input without the validation (zod) or the outbox (Dexie): both load on the
// first input, or at the latest on submit.
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api';
import { lazyModule } from '@/lib/lazyModule';
import { preloadSending, type FormOutcome } from './api';
import { focusFirstError, outcomeNotice, type Notice } from './FormNotice';

export type Checked<I> = { ok: true; input: I } | { ok: false; errors: Record<string, string> };
export type Validation = typeof import('./validation');

const loadValidation = lazyModule(() => import('./validation'));

interface Options<V, I> {
  empty: V;
  send: (input: I) => Promise<FormOutcome>;
  /** Turns the form's values into the request, or the field errors to show. */
  check: (values: V, validation: Validation) => Checked<I>;
  sentText: string;
  failText: (err: unknown) => string;
  /** Extra clearing after a success (e.g. a file input). */
  onSent?: () => void;
}

export function usePublicForm<V extends object, I>(opts: Options<V, I>) {
  const [values, setValues] = useState<V>(opts.empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  /** The first input starts loading what a submit will need. */
  const warm = () => {
    void loadValidation().catch(() => undefined);
    preloadSending();
  };
  const set = (field: keyof V) => (e: { target: { value: string } }) => {
    warm();
    setValues((v) => ({ ...v, [field]: e.target.value }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setNotice(null);
    setPending(true);
    try {
      const checked = opts.check(values, await loadValidation());
      if (!checked.ok) {
        setErrors(checked.errors);
        focusFirstError(formRef.current);
        return;
      }
      setErrors({});
      const outcome = await opts.send(checked.input);
      setNotice(outcomeNotice(outcome, opts.sentText));
      setValues(opts.empty);
      opts.onSent?.();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors);
      setNotice({ kind: 'error', text: opts.failText(err) });
    } finally {
      setPending(false);
    }
  };

  return { values, setValues, set, warm, errors, notice, formRef, submit, pending };
}
