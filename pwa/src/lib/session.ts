// Where the browser keeps who is signed in (spec §3 client-stored keys). The employee token is kept apart.
import { STORAGE_KEYS } from '@shared/constants';
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

/** The account id inside one of our JWTs (its `sub`), read without a call; null when there is none. */
export function tokenSubject(token: string | null | undefined): string | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1] ?? '';
    const sub = (JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
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
