// helmet's security headers, worked out once. With our options (no CSP nonces) they do not depend on
// the request, so helmet runs once against a recording response and every response gets a copy:
// running helmet per request cost ~10 µs, about a sixth of the whole middleware chain.
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

type HelmetOptions = Parameters<typeof helmet>[0];
type HeaderValue = string | number | readonly string[];

/** Third parties the PWA uses: Google sign-in, the map embed and the story video. */
const CSP = {
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

/** Our policy: helmet's defaults, our CSP, and no COEP (the third-party frames above do not send CORP). */
export const HELMET_OPTIONS: HelmetOptions = { contentSecurityPolicy: CSP, crossOriginEmbedderPolicy: false };

export function securityHeaders(options: HelmetOptions): Middleware {
  const set: [string, HeaderValue][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: HeaderValue) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
    getHeader: () => undefined,
  };
  // helmet sets its headers synchronously before calling next; the promise only signals completion.
  void helmet(options)({ req: { headers: {} }, res: recorder } as never, async () => undefined);
  if (!set.some(([name]) => name.toLowerCase() === 'content-security-policy')) {
    throw new Error('helmet did not set its headers synchronously: securityHeaders() needs updating');
  }
  return function applySecurityHeaders(ctx, next) {
    for (const name of removed) ctx.res.removeHeader(name);
    for (const [name, value] of set) ctx.res.setHeader(name, value);
    return next();
  };
}
