// Portal preferences kept on this device only (localStorage); no server call, nothing personal.
import { useCallback, useSyncExternalStore } from 'react';
import { EMPLOYEE_PREFS_KEY } from '@shared/constants';

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

function readRaw(): string | null {
  try {
    return localStorage.getItem(EMPLOYEE_PREFS_KEY);
  } catch {
    return null;
  }
}

/** Parsed once per stored value, so useSyncExternalStore sees a stable object. */
export function readPrefs(): EmployeePrefs {
  const raw = readRaw();
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
  localStorage.setItem(EMPLOYEE_PREFS_KEY, JSON.stringify({ ...readPrefs(), ...next }));
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === EMPLOYEE_PREFS_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function usePrefs(): [EmployeePrefs, (next: Partial<EmployeePrefs>) => void] {
  const prefs = useSyncExternalStore(subscribe, readPrefs, () => DEFAULT_PREFS);
  const set = useCallback((next: Partial<EmployeePrefs>) => writePrefs(next), []);
  return [prefs, set];
}
