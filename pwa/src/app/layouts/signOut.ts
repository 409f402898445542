// Offline clean-up on sign-out. E's module loads Dexie on demand, so the header stays light.
import { clearUserOfflineData } from '@/lib/offline-data';

export async function clearOfflineCopy(): Promise<void> {
  try {
    await clearUserOfflineData();
  } catch {
    // IndexedDB unavailable (private mode): there is nothing stored to clear.
  }
}
