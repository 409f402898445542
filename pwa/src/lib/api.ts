// The one fetch wrapper every screen and the outbox use. Tokens are read at send time.
import { MSG } from '@shared/messages';
import { CLIENT_ID_HEADER, IDEMPOTENCY_HEADER } from '@shared/constants';
import { clientId, customerSession, employeeSession } from './session';

export type AuthKind = 'customer' | 'employee' | 'none';

/** The server answered with an error status; `message` is the server's message when it gave one. */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public body: Record<string, unknown> = {},
  ) {
    super(message);
  }
  get errorType(): string | undefined {
    return typeof this.body.errorType === 'string' ? this.body.errorType : undefined;
  }
  get fieldErrors(): Record<string, string> {
    return (this.body.errors as Record<string, string>) ?? {};
  }
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor() {
    super(MSG.network);
  }
}

export interface ApiOptions {
  method?: string;
  auth?: AuthKind;
  json?: unknown;
  form?: FormData;
  idempotencyKey?: string;
  signal?: AbortSignal;
  onUploadProgress?: never;
}

type UnauthorizedHandler = (auth: Exclude<AuthKind, 'none'>) => void;
const unauthorizedHandlers = new Set<UnauthorizedHandler>();
/**
 * Screens add what else a 401 means to them (spec §4: the employee portal goes to its login).
 * Returns the function that removes the handler.
 */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandlers.add(handler);
  return () => unauthorizedHandlers.delete(handler);
}

/** A 401 on an authenticated call means that session's token is dead: end it, then tell listeners. */
function sessionRejected(auth: Exclude<AuthKind, 'none'>) {
  if (auth === 'employee') employeeSession.clear();
  else customerSession.clear();
  unauthorizedHandlers.forEach((handler) => handler(auth));
}

export function authHeader(auth: AuthKind): Record<string, string> {
  const token = auth === 'customer' ? customerSession.token() : auth === 'employee' ? employeeSession.token() : null;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export async function api<T = Record<string, unknown>>(path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeader(opts.auth ?? 'none') };
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    body = opts.form;
  }
  if (opts.idempotencyKey) {
    headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;
    headers[CLIENT_ID_HEADER] = clientId();
  }
  let res: Response;
  try {
    res = await fetch(path, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new NetworkError();
  }
  const text = await res.text();
  let data: Record<string, unknown>;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = {};
  }
  if (!res.ok) {
    if (res.status === 401 && opts.auth && opts.auth !== 'none') sessionRejected(opts.auth);
    throw new ApiError(res.status, typeof data.message === 'string' ? data.message : `Request failed (${res.status})`, data);
  }
  return data as T;
}

/**
 * Ends a session on the server too (every token of that account stops working, so a copied token
 * is useless after Sign Out). Given the token because the local session is already cleared; best
 * effort: offline the token simply runs out, and the device has forgotten it either way.
 */
export async function endServerSession(auth: Exclude<AuthKind, 'none'>, token: string): Promise<void> {
  try {
    await fetch(auth === 'employee' ? '/api/employee/logout' : '/api/user/logout', {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      keepalive: true,
    });
  } catch {
    // Offline or the server is gone: nothing more to do.
  }
}

/** Message to show for a failed call: the server's own words, or the fallback the spec gives. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof NetworkError) return MSG.network;
  if (err instanceof ApiError && err.message && !err.message.startsWith('Request failed')) return err.message;
  return fallback;
}
