// The one API client (api.ts) for pages whose only calls are their form's (sign-in, sign-up, staff
// sign-in and password reset): loaded on the form's first input or at the latest with the first call,
// so the page paints and takes input without it.
import type { ApiOptions } from './api';
import { lazyModule } from './lazyModule';

export const loadApi = lazyModule(() => import('./api'));

/** Starts loading the client, so a submit does not wait for it. */
export function preloadApi(): void {
  loadApi().catch(() => undefined);
}

/** api() of the client, loaded first if need be. */
export async function callApi<T = Record<string, unknown>>(path: string, opts?: ApiOptions): Promise<T> {
  return (await loadApi()).api<T>(path, opts);
}

/** errorMessage() of the client; an error from before it could load is no answer of the server: `fallback`. */
export async function errorText(err: unknown, fallback: string): Promise<string> {
  try {
    return (await loadApi()).errorMessage(err, fallback);
  } catch {
    return fallback;
  }
}
