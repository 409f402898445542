import { defineConfig, runnerImport, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import path from 'node:path';
import { PRERENDERED_ROUTES, prerenderedFile, SCREEN_FRAMES } from './src/prerendered-routes.js';
import { aliases } from './aliases.js';

const root = import.meta.dirname;
type OutputChunk = Rollup.OutputChunk;

/** The JS chunks and CSS files `start` loads, itself included, following its static imports. */
function closure(chunks: OutputChunk[], start: OutputChunk) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (fileName: string) => {
    if (js.has(fileName)) return;
    js.add(fileName);
    const chunk = chunks.find((c) => c.fileName === fileName);
    chunk?.viteMetadata?.importedCss.forEach((f) => css.add(f));
    chunk?.imports.forEach(visit);
  };
  visit(start.fileName);
  return { js, css };
}

interface RenderedRoute {
  html: string;
  title: string;
}

type Rendered = Record<string, RenderedRoute>;

/** Build-time render of every pre-rendered route and screen frame (src/prerender.tsx) through Vite's module runner; stylesheets are not needed for markup. */
async function renderRoutes(): Promise<{ pages: Rendered; frames: Rendered; }> {
  const noCss: Plugin = {
    name: 'sparkleclean:prerender-no-css',
    enforce: 'pre',
    resolveId: (source) => (source.endsWith('.css') ? '\0prerender-css' : null),
    load: (id) => (id === '\0prerender-css' ? 'export default ""' : null),
  };
  const { module } = await runnerImport<{ pages: Rendered; frames: Rendered; }>(path.join(root, 'src/prerender.tsx'), {
    root,
    logLevel: 'error',
    plugins: [noCss],
    resolve: { alias: aliases },
  });
  return module;
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * People land on any public page: a shared blog link, a search result, the link in a code e-mail. Each
 * public route (src/prerendered-routes.ts) is rendered at build time from the real components
 * (src/prerender.tsx) into its own HTML file — `/` into index.html, `/about` into about.html — with its
 * title, the app's stylesheet and the page's own styles inlined, so header and content paint as soon as
 * the HTML arrives, before any script or stylesheet request (LCP). The page's chunks are preloaded with
 * the entry, and the browser hydrates the markup in one pass (main.tsx). All of these scripts are
 * fetched at low priority: they hydrate what is painted and must not compete with it. Every other route
 * gets shell.html, the same page with an empty #root and the stylesheet linked, from the server's SPA
 * fallback and the service worker's navigateFallback, so /statements never flashes another page's markup.
 * The daily screens (src/prerendered-routes.ts, SCREEN_FRAMES) get a page of their own the same way,
 * holding the screen's frame instead (src/app/screen-frames.tsx), which the browser draws over.
 */
function prerenderRoutes(): Plugin {
  return {
    name: 'sparkleclean:prerender-routes',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return this.error('prerender: index.html is not in the bundle');
        const shell = String(page.source);
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const cssOf = (file: string) => {
          const css = bundle[file];
          if (css?.type !== 'asset') return this.error(`prerender: ${file} is not in the bundle`);
          return String(css.source).replaceAll('</style', '<\\/style');
        };
        const { pages, frames } = await renderRoutes();
        // A public page is hydrated: its scripts fetched at low priority, they never compete with what is
        // painted (shell.html keeps the default: there they draw the page). A frame is drawn over by its
        // screen, whose scripts are the next thing to run: default priority.
        const all = [
          ...Object.entries(PRERENDERED_ROUTES).map(([route, modules]) => ({ route, modules, rendered: pages[route], frame: false })),
          ...Object.entries(SCREEN_FRAMES).map(([route, modules]) => ({ route, modules, rendered: frames[route], frame: true })),
        ];
        for (const { route, modules, rendered, frame } of all) {
          const { html: markup, title } = rendered ?? {};
          // A page that threw or stayed suspended leaves a client-render boundary; the CSP allows no inline script.
          if (!markup || markup.includes('<!--$!-->') || markup.includes('<!--$?-->') || /<script/i.test(markup) || !/<h1[ >]/.test(markup)) {
            return this.error(`prerender: ${route} did not render completely:\n${markup?.slice(0, 500)}`);
          }
          let html = shell.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
          // The entry's stylesheet, inlined (the CSP allows inline styles, not scripts).
          for (const [tag, file] of shell.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)) {
            html = html.replace(tag, `<style>${cssOf(file)}</style>`);
          }
          // The page's chunks (and what they import) are fetched with the entry, their styles inlined.
          const js = new Set<string>();
          const css = new Set<string>();
          for (const m of modules) {
            const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/src/${m}`)));
            if (!chunk) return this.error(`prerender: no chunk holds ${m} (${route})`);
            const found = closure(chunks, chunk);
            found.js.forEach((f) => js.add(f));
            found.css.forEach((f) => css.add(f));
          }
          const styles = [...css].filter((f) => !shell.includes(f)).map((f) => `<style>${cssOf(f)}</style>`);
          const preloads = [...js].filter((f) => !shell.includes(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
          html = html.replace('</head>', `${[...styles, ...preloads].map((t) => `  ${t}\n`).join('')}</head>`);
          if (!frame) {
            html = html
              .replaceAll('<script type="module" crossorigin src=', '<script type="module" crossorigin fetchpriority="low" src=')
              .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
          }
          const emptyRoot = '<div id="root"></div>';
          if (!html.includes(emptyRoot)) return this.error('prerender: index.html has no empty #root');
          // A frame is marked with its address (components/ScreenFrame.tsx keeps it while the screen loads).
          const content = frame ? `<div class="screen-frame" data-screen-frame="${route}">${markup}</div>` : markup;
          html = html.replace(emptyRoot, `<div id="root">${content}</div>`);
          const fileName = prerenderedFile(route);
          if (fileName === 'index.html') page.source = html;
          else this.emitFile({ type: 'asset', fileName, source: html });
        }
        this.emitFile({ type: 'asset', fileName: 'shell.html', source: shell });
      },
    },
  };
}

// The PWA lives in pwa/, its static assets in the top-level public/, its build in pwa/dist
// (served by the API in production; `npm run dev` proxies /api and /uploads to the API).
export default defineConfig({
  root,
  publicDir: path.resolve(root, '../public'),
  resolve: { alias: aliases },
  plugins: [
    react(),
    prerenderRoutes(),
    // Installable app + service worker (offline use). We register the worker ourselves (lib/sw-register.ts,
    // workbox-window) and prompt before switching versions, so there is never a half-updated app.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'SparkleClean',
        short_name: 'SparkleClean',
        description: 'Trusted domestic and commercial cleaning across London. Book a cleaner in minutes.',
        lang: 'en-GB',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        // --brand and --bg of styles/global.css
        theme_color: '#0b6e4f',
        background_color: '#f7f9f8',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // Our own worker (src/sw.ts): generateSW's caching plus a Background Sync handler for the outbox.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectManifest: {
        // The shell and every route chunk: after one visit every marketing page works offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // A classic script, as workbox-window registers it (no `type: 'module'` worker).
        rollupFormat: 'iife',
      },
    }),
  ],
  build: {
    outDir: path.resolve(root, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': process.env.API_URL || 'http://localhost:8080',
      '/uploads': process.env.API_URL || 'http://localhost:8080',
    },
  },
});
