// Durable storage: unless the origin's storage is "persistent", the browser may evict IndexedDB under
// storage pressure (and WebKit after 7 days without a visit to a site that is not installed) — with
// every unsent item in it. We ask when the first item is queued and when the app is installed.
let asked = false;

/** Asks once per page load; resolves whether storage is persistent (undefined: no Storage API). */
export async function askPersistentStorage(): Promise<boolean | undefined> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist || !storage.persisted) return undefined;
  try {
    if (await storage.persisted()) return true;
    if (asked) return false;
    asked = true;
    return await storage.persist();
  } catch {
    return undefined;
  }
}

/** Is this origin's storage persistent? undefined when the browser cannot say. */
export async function isStoragePersistent(): Promise<boolean | undefined> {
  try {
    return (await navigator.storage?.persisted?.()) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Installing the app is the other moment to ask (browsers grant it more readily then). */
export function askPersistentStorageOnInstall(): () => void {
  const onInstalled = () => void askPersistentStorage();
  window.addEventListener('appinstalled', onInstalled);
  return () => window.removeEventListener('appinstalled', onInstalled);
}
