import path from 'node:path';

// The import aliases (also in tsconfig.json "paths"): `@shared/…` is the top-level shared/ folder that
// the API and the PWA both use, `@/…` is pwa/src. Vite, the pre-render and vitest all read them from here.
const repo = path.resolve(import.meta.dirname, '..');
export const aliases = {
  '@shared': path.join(repo, 'shared'),
  '@': path.join(repo, 'pwa/src'),
};
