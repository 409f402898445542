// Portal preferences kept on this device only (lib/session.ts stores them); no server call, nothing personal.
import { useCallback, useSyncExternalStore } from 'react';
import { employeePrefsStore, onStoredValueChange } from '@/lib/session';

export interface EmployeePrefs {
  /** Show the notification badge in the header. */
  showNotificationBadge: boolean;
  /** A short tone with each toast. */
  toastSound: boolean;
  /** Tighter table rows on My Bookings and the dashboard. */
  compactTables: boolean;
  /** How Blog Management opens. */
  defaultBlogView: 'grid' | 'list';
}

export const DEFAULT_PREFS: EmployeePrefs = {
  showNotificationBadge: true,
  toastSound: false,
  compactTables: false,
  defaultBlogView: 'grid',
};

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: EmployeePrefs = DEFAULT_PREFS;

/** Parsed once per stored value, so useSyncExternalStore sees a stable object. */
export function readPrefs(): EmployeePrefs {
  const raw = employeePrefsStore.read();
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const stored = raw ? (JSON.parse(raw) as Partial<EmployeePrefs>) : {};
    cached = { ...DEFAULT_PREFS, ...stored, defaultBlogView: stored.defaultBlogView === 'list' ? 'list' : 'grid' };
  } catch {
    cached = DEFAULT_PREFS;
  }
  return cached;
}

export function writePrefs(next: Partial<EmployeePrefs>) {
  employeePrefsStore.write(JSON.stringify({ ...readPrefs(), ...next }));
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const offOtherTabs = onStoredValueChange(employeePrefsStore.key, listener);
  return () => {
    listeners.delete(listener);
    offOtherTabs();
  };
}

export function usePrefs(): [EmployeePrefs, (next: Partial<EmployeePrefs>) => void] {
  const prefs = useSyncExternalStore(subscribe, readPrefs, () => DEFAULT_PREFS);
  const set = useCallback((next: Partial<EmployeePrefs>) => writePrefs(next), []);
  return [prefs, set];
}
