// helmet's security headers, worked out once. With our options (no CSP nonces) they do not depend on
// the request, so helmet runs once against a recording response and every response gets a copy:
// running helmet per request cost ~10 µs, about a sixth of the whole middleware chain.
//
// Four sets, by what the answer is:
// - documents (the PWA's pages: paths without an extension, or .html): helmet's set with the page policy;
// - the service worker script: a worker takes its CSP and referrer policy from its own script's
//   answer, so it gets those two beside nosniff and CORP, without the document-only headers;
// - every other file (hashed scripts and styles, icons, the manifest, blog images): nosniff and CORP
//   only — the page's policy means nothing on a script, and cost ~1.2 KB on each of the dozens a first
//   visit loads over HTTP/1.1 (tests/bench/header-bytes.ts);
// - JSON answers under /api/: the set OWASP's REST cheat sheet recommends — a CSP that allows nothing
//   and forbids framing, nosniff, HSTS, CORP, no referrer.
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

type HelmetOptions = Parameters<typeof helmet>[0];
type HeaderValue = string | number | readonly string[];

/** Third parties the PWA uses: Google sign-in, the map embed and the story video. */
const PAGE_CSP = {
  useDefaults: true,
  directives: {
    'script-src': ["'self'", 'https://accounts.google.com/gsi/client'],
    'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
    'frame-src': ["'self'", 'https://accounts.google.com', 'https://www.google.com', 'https://www.youtube-nocookie.com'],
    'connect-src': ["'self'", 'https://accounts.google.com/gsi/'],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:', 'https:'],
    'worker-src': ["'self'"],
  },
};

/** Pages and files: helmet's defaults, our CSP, and no COEP (the third-party frames above do not send CORP). */
export const PAGE_HELMET_OPTIONS: HelmetOptions = { contentSecurityPolicy: PAGE_CSP, crossOriginEmbedderPolicy: false };

/** JSON answers: nothing may load or frame them; the document-only headers are left out. */
export const API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: { policy: 'no-referrer' },
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

interface HeaderSet {
  set: [string, HeaderValue][];
  removed: string[];
}

function record(options: HelmetOptions): HeaderSet {
  const out: HeaderSet = { set: [], removed: [] };
  const recorder = {
    setHeader: (name: string, value: HeaderValue) => void out.set.push([name, value]),
    removeHeader: (name: string) => void out.removed.push(name),
    getHeader: () => undefined,
  };
  // helmet sets its headers synchronously before calling next; the promise only signals completion.
  void helmet(options)({ req: { headers: {} }, res: recorder } as never, async () => undefined);
  if (!out.set.some(([name]) => name.toLowerCase() === 'content-security-policy')) {
    throw new Error('helmet did not set its headers synchronously: securityHeaders() needs updating');
  }
  return out;
}

/** The one service worker script (pwa/src/lib/sw-register.ts registers it). */
const SERVICE_WORKER = '/sw.js';
const WORKER_HEADERS = new Set(['content-security-policy', 'referrer-policy', 'x-content-type-options', 'cross-origin-resource-policy']);
const FILE_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy']);

function only(names: Set<string>, from: HeaderSet): HeaderSet {
  return { set: from.set.filter(([name]) => names.has(name.toLowerCase())), removed: from.removed };
}

/** A path with an extension other than .html names a file; without one it is a page route (static.ts serves it HTML). */
function isFile(urlPath: string): boolean {
  const dot = urlPath.lastIndexOf('.');
  return dot > urlPath.lastIndexOf('/') && !urlPath.endsWith('.html');
}

/** Answers under /api/ get the API set, pages the page set, the service worker and other files their short sets. */
export function securityHeaders(): Middleware {
  const page = record(PAGE_HELMET_OPTIONS);
  const api = record(API_HELMET_OPTIONS);
  const worker = only(WORKER_HEADERS, page);
  const file = only(FILE_HEADERS, page);
  return function applySecurityHeaders(ctx, next) {
    const p = ctx.path;
    const { set, removed } = p.startsWith('/api/') ? api : p === SERVICE_WORKER ? worker : p.startsWith('/uploads/') || isFile(p) ? file : page;
    for (const name of removed) ctx.res.removeHeader(name);
    for (const [name, value] of set) ctx.res.setHeader(name, value);
    return next();
  };
}
