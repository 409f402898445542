// The one client every screen and the outbox use: JSON calls (api), files read with a token (apiBlob)
// and uploads that report progress (apiUpload). Tokens are read at send time; every error answer
// becomes an ApiError, and every 401 on an authenticated call takes the same path (sessionRejected).
import { MSG } from '@shared/messages';
import { CLIENT_ID_HEADER, IDEMPOTENCY_HEADER } from '@shared/constants';
import { clientId, customerSession, employeeSession } from './session';

export type AuthKind = 'customer' | 'employee' | 'none';

/**
 * The server answered with an error status. `serverMessage` is the server's own message, set only
 * when its answer carried one; `message` falls back to a generic text for logs and the outbox.
 */
export class ApiError extends Error {
  readonly serverMessage?: string;
  constructor(
    public status: number,
    serverMessage: string | undefined,
    public body: Record<string, unknown> = {},
  ) {
    super(serverMessage || `Request failed (${status})`);
    if (serverMessage) this.serverMessage = serverMessage;
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
}

type UnauthorizedHandler = (auth: Exclude<AuthKind, 'none'>) => void;
const unauthorizedHandlers = new Set<UnauthorizedHandler>();
/**
 * Screens add what else a 401 means to them (the employee portal drops its cache and goes to its
 * login). Returns the function that removes the handler.
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

/** The error for an answer with a failing status (every transport ends here). */
function refused(status: number, data: Record<string, unknown>, auth: AuthKind | undefined): ApiError {
  if (status === 401 && auth && auth !== 'none') sessionRejected(auth);
  return new ApiError(status, typeof data.message === 'string' && data.message ? data.message : undefined, data);
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const data: unknown = text ? JSON.parse(text) : {};
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function authHeader(auth: AuthKind): Record<string, string> {
  const token = auth === 'customer' ? customerSession.token() : auth === 'employee' ? employeeSession.token() : null;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function requestHeaders(opts: ApiOptions): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeader(opts.auth ?? 'none') };
  if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.idempotencyKey) {
    headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;
    headers[CLIENT_ID_HEADER] = clientId();
  }
  return headers;
}

/** Sends with fetch; resolves only with an OK answer. */
async function send(path: string, opts: ApiOptions): Promise<Response> {
  const body: BodyInit | undefined = opts.json !== undefined ? JSON.stringify(opts.json) : opts.form;
  let res: Response;
  try {
    res = await fetch(path, { method: opts.method ?? 'GET', headers: requestHeaders(opts), body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new NetworkError();
  }
  if (!res.ok) throw refused(res.status, parseJson(await res.text().catch(() => '')), opts.auth);
  return res;
}

export async function api<T = Record<string, unknown>>(path: string, opts: ApiOptions = {}): Promise<T> {
  const res = await send(path, opts);
  return parseJson(await res.text()) as T;
}

/** A file the server answers (an image, a CV, a CSV) as bytes, with the answer's headers (its file name). */
export async function apiBlob(path: string, opts: ApiOptions = {}): Promise<{ blob: Blob; headers: Headers; }> {
  const res = await send(path, opts);
  return { blob: await res.blob(), headers: res.headers };
}

export interface UploadOptions {
  method: 'POST' | 'PUT';
  auth: AuthKind;
  form: FormData;
  /** 0..1 of the request body sent so far. */
  onProgress?: (fraction: number) => void;
}

/**
 * A multipart upload through XMLHttpRequest, because fetch() cannot report upload progress (a large
 * image on a phone needs a progress bar). Answers and errors as api().
 */
export function apiUpload<T = Record<string, unknown>>(path: string, { method, auth, form, onProgress }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    for (const [k, v] of Object.entries(requestHeaders({ auth }))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data as T);
      } else reject(refused(xhr.status, data, auth));
    };
    xhr.send(form);
  });
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

/** Message to show for a failed call: the server's own words, or the fallback for that call. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof NetworkError) return MSG.network;
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  return fallback;
}
