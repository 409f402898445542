import { MSG } from '@shared/messages';
import { loadApi } from '@/lib/apiClient';

/**
 * The server's own message, else the call's fallback. A call that got no answer shows
 * `unexpected` — the sign-in helpers pass the network text, the signup steps their own 'Error …' text.
 * The error came from the API client, so it is loaded; if even the client could not load (offline
 * before it was cached), no answer came either.
 */
export async function signInError(err: unknown, fallback: string, unexpected: string = MSG.unexpected, network: string = unexpected): Promise<string> {
  let client: typeof import('@/lib/api');
  try {
    client = await loadApi();
  } catch {
    return network;
  }
  if (err instanceof client.NetworkError) return network;
  if (err instanceof client.ApiError) return err.serverMessage ?? fallback;
  return unexpected;
}
