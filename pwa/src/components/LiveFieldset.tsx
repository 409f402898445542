// A pre-rendered form paints before its script runs. Its fields take input at once (the form hook takes
// over what was typed when the page hydrates, lib/form/useForm.ts), but its buttons wait, disabled, until
// the page is live: a submit before that would be the browser's own, sending the fields in the URL.
import type { ReactNode } from 'react';
import { useHydrated } from '../lib/useHydrated';

export function LiveFieldset({ children }: { children: ReactNode; }) {
  const live = useHydrated();
  return (
    <fieldset className="live-fieldset" disabled={!live}>
      {children}
    </fieldset>
  );
}
