// One offline notice per screen: the layout shows it, with the age of the saved copy a page is
// showing (the page reports it here instead of showing a notice of its own).
import { createContext, useContext, useEffect } from 'react';

export const SavedAtContext = createContext<(savedAt: number | null) => void>(() => undefined);

/** A page showing a saved copy (offline) tells the layout when it was saved; null when it shows live data. */
export function useSavedCopyAge(savedAt: number | null): void {
  const report = useContext(SavedAtContext);
  useEffect(() => {
    report(savedAt);
    return () => report(null);
  }, [report, savedAt]);
}
