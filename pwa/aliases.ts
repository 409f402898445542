import path from 'node:path';

// The import aliases (also in tsconfig.json "paths"): `@shared/…` is the top-level shared/ folder that
// the API and the PWA both use, `@/…` is pwa/src, `@docs/…` the guides in docs/ (the office shows one
// section as it is written there). Vite, the pre-render and vitest all read them from here.
const repo = path.resolve(import.meta.dirname, '..');
export const aliases = {
  '@shared': path.join(repo, 'shared'),
  '@docs': path.join(repo, 'docs'),
  '@': path.join(repo, 'pwa/src'),
};
