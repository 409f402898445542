import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import path from 'node:path';

const root = import.meta.dirname;
const DAY = 24 * 60 * 60;

/**
 * The home page is lazy (its own chunk), which costs the most common first visit a round trip after
 * the entry has run. A modulepreload hint for it (and the chunks it imports) lets the browser fetch
 * it alongside the entry; on other routes it is ~5 KB gzip fetched at low cost and precached anyway.
 */
function preloadHomeChunk(): Plugin {
  return {
    name: 'sparkleclean:preload-home-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const home = chunks.find((c) => c.facadeModuleId?.endsWith('/features/marketing/HomePage.tsx'));
        if (!home) return html;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || html.includes(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          chunk?.imports.forEach(visit);
        };
        visit(home.fileName);
        const tags: HtmlTagDescriptor[] = [...files].map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' }));
        return { html, tags };
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
    preloadHomeChunk(),
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
      workbox: {
        // The shell and every route chunk: after one visit every marketing page works offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
        cleanupOutdatedCaches: true,
        // The first install takes control at once, so one visit is enough to work offline. Updates still
        // wait for the person (no skipWaiting): UpdatePrompt sends SKIP_WAITING.
        clientsClaim: true,
        // Only public GET answers are runtime-cached. Authenticated API answers never enter the
        // shared cache (the customer's own bookings live in their IndexedDB, cleared on sign-out).
        runtimeCaching: [
          {
            urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname === '/api/blog-posts',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'blog-api',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 10, maxAgeSeconds: 7 * DAY },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/uploads/blog/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'blog-images',
              expiration: { maxEntries: 60, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
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
