// Where the browser keeps who is signed in (spec §3 client-stored keys). The employee token is kept apart.
import { STORAGE_KEYS } from '../../../shared/constants';
import type { PublicUser } from '../../../shared/schemas/auth';

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
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
    localStorage.setItem(STORAGE_KEYS.token, token);
    this.saveUser(user);
  },
  saveUser(user: PublicUser) {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    localStorage.setItem(STORAGE_KEYS.email, user.email);
    localStorage.setItem(STORAGE_KEYS.name, user.name);
    if (user.picture) localStorage.setItem(STORAGE_KEYS.picture, user.picture);
    else localStorage.removeItem(STORAGE_KEYS.picture);
    notify();
  },
  clear() {
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.email, STORAGE_KEYS.name, STORAGE_KEYS.picture]) {
      localStorage.removeItem(key);
    }
    notify();
  },
};

export const employeeSession = {
  token: () => read(STORAGE_KEYS.employeeToken),
  save(token: string) {
    localStorage.setItem(STORAGE_KEYS.employeeToken, token);
    notify();
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.employeeToken);
    notify();
  },
};
