// What the three public forms add to the form hook: the result notice and the one way out — send through
// the outbox and say how it went. The page paints and takes input without the validation (zod) or the
// outbox (Dexie): both load on the first input, or at the latest on submit.
import { useState, type FormEvent } from 'react';
import { lazyModule } from '@/lib/lazyModule';
import { useForm, type ExtraErrors, type FormSchema } from '@/lib/form/useForm';
import { failureOf, preloadSending } from './api';
import type { FormFailure, FormOutcome } from './outcome';
import { outcomeNotice, type Notice } from './FormNotice';

// The forms' validation is the shared zod schemas, loaded on the form's first input (or at the latest on
// submit), not with the page: most of zod is not needed to paint a form or to type into it.
export type Validation = typeof import('@shared/schemas/forms');

const loadValidation = lazyModule(() => import('@shared/schemas/forms'));

interface Options<V, T> {
  empty: V;
  /** Picks the form's schema from the lazily loaded validation chunk. */
  schema: (validation: Validation) => FormSchema<T>;
  /** The values as the schema checks them. */
  toInput: (values: V) => unknown;
  extraErrors?: (values: V) => ExtraErrors;
  send: (data: T) => Promise<FormOutcome>;
  sentText: string;
  failText: (failure: FormFailure) => string;
  /** Extra clearing after a success (e.g. a file input). */
  onSent?: () => void;
}

export function usePublicForm<V extends object, T>(opts: Options<V, T>) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const fail = (failure: FormFailure) => setNotice({ kind: 'error', text: opts.failText(failure) });
  const form = useForm<V, T>({
    initial: opts.empty,
    schema: () => loadValidation().then(opts.schema),
    toInput: opts.toInput,
    extraErrors: opts.extraErrors,
    onLoadError: (err) => void failureOf(err).then(fail),
    // Text typed before hydration is taken over by the hook, which warms: the sending code loads then too,
    // so a form filled on a slow first visit can still be saved if the connection drops before submit.
    onWarm: preloadSending,
    onSubmit: async (data) => {
      try {
        setNotice(outcomeNotice(await opts.send(data), opts.sentText));
        form.setValues(opts.empty);
        opts.onSent?.();
      } catch (err) {
        const failure = await failureOf(err);
        if (failure.refused) form.setErrors(failure.fieldErrors);
        fail(failure);
      }
    },
  });

  /** The first input starts loading what a submit will need. */
  const warm = () => {
    form.warm();
    preloadSending();
  };
  const set = (field: keyof V) => (e: { target: { value: string; }; }) => {
    preloadSending();
    form.set(field)(e);
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (!form.pending) setNotice(null);
    return form.submit(e);
  };

  return { values: form.values, setValues: form.setValues, set, warm, errors: form.errors, notice, formRef: form.formRef, submit, pending: form.pending };
}
