import { MSG } from '../../../../shared/messages';
import { ApiError, NetworkError } from '../../lib/api';

/** Spec §8: the server's own message, else the call's fallback; network and unexpected errors have their own texts. */
export function signInError(err: unknown, fallback: string, unexpected: string = MSG.unexpected): string {
  if (err instanceof NetworkError) return MSG.network;
  if (err instanceof ApiError) return err.message && !err.message.startsWith('Request failed') ? err.message : fallback;
  return unexpected;
}
