// Where the browser keeps who is signed in (the client-stored keys: README), and the one module that
// touches localStorage: the few other values kept on the device (the outbox hint, the portal's
// preferences, the Google profile's local edits, the pending-booking mark) are read and written here too.
import { EMPLOYEE_PREFS_KEY, STORAGE_KEYS } from '@shared/constants';
import type { PublicUser } from '@shared/schemas/auth';

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A context without localStorage (the service worker, replaying the outbox on a Background Sync)
 * reads and changes a copy of the session instead (outbox/session-mirror.ts).
 */
let snapshot: Record<string, string | null> | null = null;
export function setSessionSnapshot(values: Record<string, string | null> | null): void {
  snapshot = values && { ...values };
}
const hasLocalStorage = () => typeof localStorage !== 'undefined';

function read(key: string): string | null {
  if (!hasLocalStorage()) return snapshot?.[key] ?? null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored values of `keys` (the page's copy for the service worker: outbox/session-mirror.ts). */
export function readSessionValues(keys: readonly string[]): Record<string, string | null> {
  return Object.fromEntries(keys.map((k) => [k, read(k)]));
}

function write(key: string, value: string | null): void {
  if (!hasLocalStorage()) {
    if (snapshot) snapshot[key] = value;
  } else if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
}

export const customerSession = {
  token: () => read(STORAGE_KEYS.token),
  user(): PublicUser | null {
    const raw = read(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as PublicUser;
    } catch {
      return null;
    }
  },
  save(token: string, user: PublicUser) {
    write(STORAGE_KEYS.token, token);
    this.saveUser(user);
  },
  saveUser(user: PublicUser) {
    write(STORAGE_KEYS.user, JSON.stringify(user));
    write(STORAGE_KEYS.email, user.email);
    write(STORAGE_KEYS.name, user.name);
    write(STORAGE_KEYS.picture, user.picture || null);
    notify();
  },
  clear() {
    // A half-filled booking holds an address and phone: it goes with the person who signs out.
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.email, STORAGE_KEYS.name, STORAGE_KEYS.picture, STORAGE_KEYS.bookingDraft]) {
      write(key, null);
    }
    notify();
  },
};

/** What one of our JWTs says of its holder, read without a call (not verified: the server checks every request). */
function tokenClaims(token: string | null | undefined): { sub?: unknown; role?: unknown; } {
  if (!token) return {};
  try {
    const part = token.split('.')[1] ?? '';
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; role?: unknown; };
  } catch {
    return {};
  }
}

/** The account id inside one of our JWTs (its `sub`); null when there is none. */
export function tokenSubject(token: string | null | undefined): string | null {
  const { sub } = tokenClaims(token);
  return typeof sub === 'string' ? sub : null;
}

/** The role one of our JWTs was issued for; null when there is none. */
export function tokenRole(token: string | null | undefined): string | null {
  const { role } = tokenClaims(token);
  return typeof role === 'string' ? role : null;
}

export const employeeSession = {
  token: () => read(STORAGE_KEYS.employeeToken),
  save(token: string) {
    write(STORAGE_KEYS.employeeToken, token);
    notify();
  },
  clear() {
    write(STORAGE_KEYS.employeeToken, null);
    notify();
  },
};

/** The booking wizard's draft: answers so far and the step (1-based), until sent or discarded. */
export interface BookingDraft {
  answers: Record<string, string>;
  step: number;
}

export const bookingDraft = {
  read(): BookingDraft | null {
    const raw = read(STORAGE_KEYS.bookingDraft);
    if (!raw) return null;
    try {
      const d = JSON.parse(raw) as BookingDraft;
      return d && typeof d.answers === 'object' && Number.isInteger(d.step) ? d : null;
    } catch {
      return null;
    }
  },
  save(draft: BookingDraft) {
    try {
      write(STORAGE_KEYS.bookingDraft, JSON.stringify(draft));
    } catch {
      /* storage full or blocked: the wizard still works, it just cannot survive a reload */
    }
  },
  clear() {
    write(STORAGE_KEYS.bookingDraft, null);
  },
};

/**
 * This browser's random id, made on first use and kept: it scopes the visitor's Idempotency-Keys on
 * the server, so no other visitor's key can block or replay this one's items.
 */
export function clientId(): string {
  const known = read(STORAGE_KEYS.clientId);
  if (known) return known;
  const made = crypto.randomUUID();
  write(STORAGE_KEYS.clientId, made);
  return made;
}

/** Calls `listener` when another tab changes `key` (or clears the storage). */
export function onStoredValueChange(key: string, listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === key || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Google profile edits (/profileg) stay in this browser: the stored e-mail, name and picture. */
export const googleProfileEdits = {
  read: () => ({ email: read(STORAGE_KEYS.email) ?? '', name: read(STORAGE_KEYS.name) ?? '', picture: read(STORAGE_KEYS.picture) ?? '' }),
  /** Throws when the browser refuses (a large photo can exceed the storage quota). */
  save(name: string, picture: string) {
    write(STORAGE_KEYS.name, name);
    if (picture) write(STORAGE_KEYS.picture, picture);
  },
};

/** The mark that a signed-out visitor's finished booking waits on this device (the row is in IndexedDB). */
export const pendingBookingMark = {
  set() {
    try {
      write(STORAGE_KEYS.pendingBooking, '1');
    } catch {
      /* the mark is only a hint; the Dexie row is the truth */
    }
  },
  clear() {
    try {
      write(STORAGE_KEYS.pendingBooking, null);
    } catch {
      /* ignore */
    }
  },
};

/** The staff portal's per-device preferences (JSON); a write throws when the browser refuses. */
/** The company's details last read from the API (lib/company.tsx), as JSON with the time they were read. */
export const companyCopy = {
  read: () => {
    try {
      return read(STORAGE_KEYS.company);
    } catch {
      return null;
    }
  },
  write: (raw: string) => {
    try {
      write(STORAGE_KEYS.company, raw);
    } catch {
      // Storage full or blocked: the details are asked for again next time.
    }
  },
};

/** The price list last read from the API (booking wizard), as JSON: the estimate offline. */
export const priceListCopy = {
  read: () => {
    try {
      return read(STORAGE_KEYS.priceList);
    } catch {
      return null;
    }
  },
  write: (raw: string) => {
    try {
      write(STORAGE_KEYS.priceList, raw);
    } catch {
      // Storage full or blocked: the defaults price the estimate offline.
    }
  },
};

export const employeePrefsStore = {
  key: EMPLOYEE_PREFS_KEY,
  read: () => read(EMPLOYEE_PREFS_KEY),
  write: (raw: string) => write(EMPLOYEE_PREFS_KEY, raw),
};

const SIZE_NOTICE_KEY = 'sc-office-size-notice-dismissed';
/**
 * The office home's "time to move to MongoDB" notice, dismissed by this staff member on this device.
 * On the device rather than the server: it is a hint about the company's data, not a record, and a second
 * showing on another device costs one tap (a server field would need a model change and a write route).
 */
export const sizeNoticeDismissal = {
  isDismissed: (staffId: string) => read(`${SIZE_NOTICE_KEY}:${staffId}`) === '1',
  dismiss: (staffId: string) => write(`${SIZE_NOTICE_KEY}:${staffId}`, '1'),
};

const OUTBOX_HINT_KEY = 'sc-outbox-pending';
/**
 * The outbox's "may hold unsent items" flag (outbox/hint.ts). Only a page has it: the service worker
 * (no localStorage) and a browser that blocks storage read it as "maybe".
 */
export const outboxHintFlag = {
  key: OUTBOX_HINT_KEY,
  isSet(): boolean {
    try {
      return localStorage.getItem(OUTBOX_HINT_KEY) === '1';
    } catch {
      return true;
    }
  },
  /** False when the flag already had that value (nothing changed). */
  set(value: '0' | '1'): boolean {
    try {
      if (localStorage.getItem(OUTBOX_HINT_KEY) === value) return false;
      localStorage.setItem(OUTBOX_HINT_KEY, value);
    } catch {
      /* storage unavailable: isSet() says true anyway */
    }
    return true;
  },
};
