import { defineConfig, runnerImport, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import path from 'node:path';

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

/** Build-time render of `/` (src/prerender.tsx) through Vite's module runner; stylesheets are not needed for markup. */
async function renderHomeMarkup(): Promise<string> {
  const noCss: Plugin = {
    name: 'sparkleclean:prerender-no-css',
    enforce: 'pre',
    resolveId: (source) => (source.endsWith('.css') ? '\0prerender-css' : null),
    load: (id) => (id === '\0prerender-css' ? 'export default ""' : null),
  };
  const { module } = await runnerImport<{ homeHtml: string }>(path.join(root, 'src/prerender.tsx'), { root, logLevel: 'error', plugins: [noCss] });
  return module.homeHtml;
}

/**
 * The most common first visit is `/`. Its markup is rendered at build time from the real components
 * (src/prerender.tsx) into index.html, with the app's stylesheet inlined, so header and hero paint as
 * soon as the HTML arrives, before any script or stylesheet request (LCP); the browser then hydrates it
 * (main.tsx) in one pass with the home page, which is part of the entry. All of index.html's scripts are
 * fetched at low priority: they hydrate what is painted and must not compete with it. Every other route gets
 * shell.html, the same page with an empty #root and the stylesheet linked, from the server's SPA
 * fallback and the service worker's navigateFallback, so /blog never flashes the home hero.
 */
function prerenderHome(): Plugin {
  return {
    name: 'sparkleclean:prerender-home',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return this.error('prerender-home: index.html is not in the bundle');
        const shell = String(page.source);
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const home = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/features/marketing/HomePage.tsx')));
        if (!home) return this.error('prerender-home: no HomePage chunk');
        const markup = await renderHomeMarkup();
        // A page that threw or stayed suspended leaves a client-render boundary; the CSP allows no inline script.
        if (markup.includes('<!--$!-->') || markup.includes('<!--$?-->') || /<script/i.test(markup) || !markup.includes('<h1>')) {
          return this.error(`prerender-home: / did not render completely:\n${markup.slice(0, 500)}`);
        }
        let html = shell;
        // The entry's stylesheet, inlined (the CSP allows inline styles, not scripts).
        for (const [tag, file] of shell.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)) {
          const css = bundle[file];
          if (css?.type !== 'asset') return this.error(`prerender-home: ${file} is not in the bundle`);
          html = html.replace(tag, `<style>${String(css.source).replaceAll('</style', '<\\/style')}</style>`);
        }
        // The home page is in the entry (router.tsx), so this finds nothing the shell does not load
        // already; should it become a chunk of its own, its scripts are preloaded and stylesheets linked.
        const { js, css } = closure(chunks, home);
        const tags = [
          ...[...css].filter((f) => !shell.includes(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
          ...[...js].filter((f) => !shell.includes(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        ];
        html = html.replace('</head>', `${tags.map((t) => `  ${t}\n`).join('')}</head>`);
        // Here the scripts only hydrate what is already painted: fetched at low priority, they never
        // compete with the first paint (shell.html keeps the default: there they draw the page).
        html = html
          .replaceAll('<script type="module" crossorigin src=', '<script type="module" crossorigin fetchpriority="low" src=')
          .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
        const root = '<div id="root"></div>';
        if (!html.includes(root)) return this.error('prerender-home: index.html has no empty #root');
        page.source = html.replace(root, `<div id="root">${markup}</div>`);
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
  plugins: [
    react(),
    prerenderHome(),
    // Installable app + service worker (issue 6). We register the worker ourselves (lib/sw-register.ts,
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
  build: { outDir: path.resolve(root, 'dist'), emptyOutDir: true, sourcemap: false },
  server: {
    proxy: {
      '/api': process.env.API_URL || 'http://localhost:8080',
      '/uploads': process.env.API_URL || 'http://localhost:8080',
    },
  },
});
