// Serves the built PWA: hashed assets cached for a year, the pages and service worker never cached.
// Each public route was pre-rendered at build time into its own page — `/` is index.html, `/about` is
// about.html — so it paints before any script runs (a daily screen's page holds its frame: /orders is
// orders.html); every other client-side route gets shell.html,
// the same page with an empty #root (SPA fallback), so it never shows another page's markup first.
import type { Context, Next } from 'koa';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { BLOG_FIRST_PAGE_ID, blogSlugOf, isAppRoute } from '@shared/routes';
import type { Company } from '@shared/company';
import { pageForCompany } from './company-page';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
};

/** Files that must always be revalidated so a new deploy is picked up (every page among them). */
const NO_CACHE = /^\/(?:[^?#]+\.html|sw\.js|registerSW\.js|manifest\.webmanifest|workbox-[^/]+\.js)$/;

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

type Encoding = 'br' | 'gzip';
/**
 * Compressed copies of the app's files, made on first request and kept while the file is unchanged.
 * The build is a few hundred KB of text, so memory stays small, and each file is compressed once.
 */
const compressed = new Map<string, { mtimeMs: number; body: Promise<Buffer>; }>();

function compressedBody(file: string, mtimeMs: number, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${file}`;
  const hit = compressed.get(key);
  if (hit && hit.mtimeMs === mtimeMs) return hit.body;
  const body = readFile(file).then((raw) => encode(raw, encoding));
  body.catch(() => compressed.delete(key));
  compressed.set(key, { mtimeMs, body });
  return body;
}

async function fileAt(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const full = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (!full.startsWith(root + path.sep)) return null;
  try {
    const s = await stat(full);
    return s.isFile() ? full : null;
  } catch {
    return null;
  }
}

export interface PwaOptions {
  /** Whether a blog post has this slug: /blog/{slug} of no post answers 404 (the page shows not-found). */
  blogSlugExists?: (slug: string) => Promise<boolean>;
  /** The answer of GET /api/blog-posts for page 1 (JSON), put into /blog's page so it shows the posts without a second request. */
  blogFirstPage?: () => Promise<Buffer>;
  /** How long /blog's page waits for that first page (BLOG_FIRST_PAGE_WAIT_MS; 100 ms unless set). */
  blogFirstPageWaitMs?: number;
  /** The company's details (cached by the service): pages show them instead of the build's defaults. */
  company?: () => Promise<CompanyOfPages>;
}

export interface CompanyOfPages {
  company: Company;
  isDefault: boolean;
  /** Changes whenever the details do. */
  tag: string;
}

type MadePage = { body: Buffer; etag: string; encoded: Map<Encoding, Promise<Buffer>>; };
const madePage = (html: string): MadePage => {
  const body = Buffer.from(html);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, encoded: new Map() };
};

/** A page file as served: the build's markup, with the company's details when they are not the defaults. */
async function pageSource(file: string, company: CompanyOfPages | null): Promise<string> {
  const html = await readFile(file, 'utf8');
  return company ? pageForCompany(html, company.company) : html;
}

/** Each page file with the company's details, made once per file version and details (a dozen files). */
const companyPages = new Map<string, MadePage & { mtimeMs: number; tag: string; }>();
async function companyPage(file: string, mtimeMs: number, company: CompanyOfPages): Promise<MadePage> {
  const hit = companyPages.get(file);
  if (hit?.mtimeMs === mtimeMs && hit.tag === company.tag) return hit;
  const page = { ...madePage(await pageSource(file, company)), mtimeMs, tag: company.tag };
  companyPages.set(file, page);
  return page;
}

/** The company's details when a page must show other values than the build's; null for the defaults. */
async function companyOfPages(options: PwaOptions): Promise<CompanyOfPages | null> {
  const state = await options.company?.().catch(() => null);
  return state && !state.isDefault ? state : null;
}

/**
 * /blog (its first page: no `page` other than 1 asked) with the first page of posts inside, as JSON in
 * a data block the page reads on hydration. `<` is escaped so no text of a post can close the block.
 * A data block is not a script the browser runs, so the CSP (scripts from this origin only) allows it.
 * Made once per list answer (the blog route reuses it while the list is unchanged) and page file.
 */
let withPosts: (MadePage & { json: Buffer; mtimeMs: number; tag: string; }) | undefined;
async function blogPageWithPosts(file: string, mtimeMs: number, json: Buffer, company: CompanyOfPages | null) {
  const tag = company?.tag ?? '';
  if (withPosts?.json === json && withPosts.mtimeMs === mtimeMs && withPosts.tag === tag) return withPosts;
  const html = await pageSource(file, company);
  const block = `<script type="application/json" id="${BLOG_FIRST_PAGE_ID}">${json.toString('utf8').replaceAll('<', '\\u003c')}</script>`;
  // Spliced at an index, not with String.replace: `$&`, `` $` `` and the like in a title would expand there.
  const at = html.lastIndexOf('</body>');
  withPosts = { ...madePage(at < 0 ? `${html}${block}\n` : `${html.slice(0, at)}${block}\n${html.slice(at)}`), json, mtimeMs, tag };
  return withPosts;
}

function encode(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzip(body, { level: 9 });
}

/** An address the app does not have, or a blog post page whose post does not exist. */
async function isMissing(pathname: string, options: PwaOptions): Promise<boolean> {
  if (!isAppRoute(pathname)) return true;
  const slug = blogSlugOf(pathname);
  return slug !== null && options.blogSlugExists !== undefined && !(await options.blogSlugExists(slug));
}

/**
 * How long /blog's page waits for its first page of posts (a few milliseconds normally, none while the
 * list is cached): the page's first paint must not hang on a slow or busy database. Past it the page is
 * sent without posts, and asks the API for them itself.
 */
const FIRST_PAGE_WAIT_MS = 100;

/** The first page of posts for /blog, or null: a list that cannot be read now leaves the page to ask the API. */
async function firstPage(options: PwaOptions): Promise<Buffer | null> {
  const list = options.blogFirstPage?.().catch(() => null);
  if (!list) return null;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(resolve, options.blogFirstPageWaitMs ?? FIRST_PAGE_WAIT_MS, null);
  });
  try {
    return await Promise.race([list, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function servePwa(distDir: string, options: PwaOptions = {}) {
  const root = path.resolve(distDir);
  return async function pwa(ctx: Context, next: Next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path.startsWith('/uploads/')) {
      return next();
    }
    let file = ctx.path === '/' ? null : await fileAt(root, ctx.path);
    let urlPath = ctx.path;
    let missing = false;
    if (!file && !path.posix.extname(ctx.path) && !ctx.path.endsWith('/')) {
      // A route pre-rendered at build time has its own page: /about is about.html.
      file = await fileAt(root, `${ctx.path}.html`);
      if (file) urlPath = `${ctx.path}.html`;
    }
    if (!file) {
      // Client route: answer with the app shell unless this clearly asked for a missing file.
      if (path.posix.extname(ctx.path) && !ctx.path.endsWith('.html')) return next();
      // A build without shell.html (older builds) serves index.html for every route, as before.
      const shell = ctx.path === '/' ? null : await fileAt(root, '/shell.html');
      file = shell ?? (await fileAt(root, '/index.html'));
      urlPath = shell ? '/shell.html' : '/index.html';
      // An address the app does not have: the same page (its not-found screen) with a true 404 status,
      // so search engines and link checkers see it is missing.
      missing = await isMissing(ctx.path, options);
      if (missing) ctx.status = 404;
      if (!file) {
        ctx.status = 503;
        ctx.type = 'text/plain';
        ctx.body = 'The app has not been built yet. Run `npm run build`.';
        return;
      }
    }
    const ext = path.extname(file).toLowerCase();
    ctx.type = TYPES[ext] ?? 'application/octet-stream';
    if (NO_CACHE.test(urlPath)) ctx.set('Cache-Control', 'no-cache');
    else if (urlPath.startsWith('/assets/')) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    else ctx.set('Cache-Control', 'public, max-age=3600');
    const s = await stat(file);
    // The route only: the service worker precaches /blog.html itself, a copy that must not keep old posts.
    const posts = ctx.path === '/blog' && urlPath === '/blog.html' && (ctx.query.page ?? '1') === '1' ? await firstPage(options) : null;
    const company = ext === '.html' ? await companyOfPages(options) : null;
    const page = posts ? await blogPageWithPosts(file, s.mtimeMs, posts, company) : company ? await companyPage(file, s.mtimeMs, company) : null;
    // A page with posts or the company's details changes with them, not with the file: its own ETag
    // says when (a status set first, as Koa judges freshness only for a success).
    if (page) {
      if (!missing) ctx.status = 200;
      ctx.etag = page.etag;
    } else ctx.lastModified = s.mtime;
    if (ctx.status !== 404 && ctx.fresh) {
      ctx.status = 304;
      return;
    }
    if (COMPRESSIBLE.has(ext)) {
      ctx.vary('Accept-Encoding');
      // Brotli whenever the browser takes it (smaller than gzip), whatever order it lists them in.
      const accepted = ctx.acceptsEncodings();
      const encoding: Encoding | null = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : null;
      if (page) {
        if (encoding && !page.encoded.has(encoding)) page.encoded.set(encoding, encode(page.body, encoding));
        const body = encoding ? await page.encoded.get(encoding)! : page.body;
        if (encoding) ctx.set('Content-Encoding', encoding);
        ctx.length = body.length;
        ctx.body = body;
        return;
      }
      if (encoding) {
        const body = await compressedBody(file, s.mtimeMs, encoding);
        ctx.set('Content-Encoding', encoding);
        ctx.length = body.length;
        ctx.body = body;
        return;
      }
    }
    ctx.length = s.size;
    // For HEAD, Koa sends the headers only and closes the stream.
    ctx.body = createReadStream(file);
  };
}
