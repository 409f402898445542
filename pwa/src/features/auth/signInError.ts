import { MSG } from '@shared/messages';
import { ApiError, NetworkError } from '@/lib/api';

/**
 * The server's own message, else the call's fallback. A call that got no answer shows
 * `unexpected` — the sign-in helpers pass the network text, the signup steps their own 'Error …' text.
 */
export function signInError(err: unknown, fallback: string, unexpected: string = MSG.unexpected, network: string = unexpected): string {
  if (err instanceof NetworkError) return network;
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  return unexpected;
}
