import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

const root = import.meta.dirname;

// The PWA lives in pwa/, its static assets in the top-level public/, its build in pwa/dist
// (served by the API in production; `npm run dev` proxies /api and /uploads to the API).
export default defineConfig({
  root,
  publicDir: path.resolve(root, '../public'),
  plugins: [react()],
  build: { outDir: path.resolve(root, 'dist'), emptyOutDir: true, sourcemap: false },
  server: {
    proxy: {
      '/api': process.env.API_URL || 'http://localhost:8080',
      '/uploads': process.env.API_URL || 'http://localhost:8080',
    },
  },
});
