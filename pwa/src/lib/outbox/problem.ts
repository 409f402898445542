// "The outbox could not use this device's storage, even after reopening it": set by withDb()
// (connection.ts), shown on screen. Its own module, free of Dexie, so any screen can show it cheaply.
let problem: string | null = null;
const listeners = new Set<() => void>();

export function setStorageProblem(next: string | null): void {
  if (problem === next) return;
  problem = next;
  listeners.forEach((l) => l());
}

/** The last failure a reopen did not fix, or null (cleared by the next success). */
export const storageProblem = () => problem;

export function onStorageProblem(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
