// What the three public forms share: their values, field errors, the result notice, and the one way
// through — validate with the shared schema (errors + focus), else send through the outbox and say how it went.
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { fieldErrors } from '../../../../shared/schemas/common';
import { ApiError } from '../../lib/api';
import type { FormOutcome } from './api';
import { focusFirstError, outcomeNotice, type Notice } from './FormNotice';

export type Checked<I> = { ok: true; input: I } | { ok: false; errors: Record<string, string> };

/** A zod safeParse result as the form sees it. */
export function fromParse<I>(r: z.ZodSafeParseResult<I>): Checked<I> {
  return r.success ? { ok: true, input: r.data } : { ok: false, errors: fieldErrors(r.error) };
}

interface Options<V, I> {
  empty: V;
  send: (input: I) => Promise<FormOutcome>;
  /** Turns the form's values into the request, or the field errors to show. */
  check: (values: V) => Checked<I>;
  sentText: string;
  failText: (err: unknown) => string;
  /** Extra clearing after a success (e.g. a file input). */
  onSent?: () => void;
}

export function usePublicForm<V extends object, I>(opts: Options<V, I>) {
  const [values, setValues] = useState<V>(opts.empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // 'always': the outbox decides what offline means (queue and say so), not TanStack's pause.
  const mutation = useMutation({ mutationFn: opts.send, networkMode: 'always' });

  const set = (field: keyof V) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const checked = opts.check(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(formRef.current);
      return;
    }
    setErrors({});
    mutation.mutate(checked.input, {
      onSuccess: (outcome) => {
        setNotice(outcomeNotice(outcome, opts.sentText));
        setValues(opts.empty);
        opts.onSent?.();
      },
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fieldErrors);
        setNotice({ kind: 'error', text: opts.failText(err) });
      },
    });
  };

  return { values, setValues, set, errors, notice, formRef, submit, pending: mutation.isPending };
}
