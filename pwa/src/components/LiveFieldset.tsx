// A pre-rendered form paints before its script runs, but what someone typed into it then would be lost:
// React resets each control to its state when it hydrates it. So its controls wait, disabled, until the
// page is live (usually a fraction of a second after the paint), instead of silently dropping input.
import type { ReactNode } from 'react';
import { useHydrated } from '../lib/useHydrated';

export function LiveFieldset({ children }: { children: ReactNode }) {
  const live = useHydrated();
  return (
    <fieldset className="live-fieldset" disabled={!live}>
      {children}
    </fieldset>
  );
}
