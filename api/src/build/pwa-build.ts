// `npm start` builds the PWA when its build is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['pwa/src', 'pwa/index.html', 'pwa/vite.config.ts', 'shared', 'docs/configuration.md', 'public', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function pwaBuildIsStale(root: string, distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((src) => newestMtime(path.join(root, src)) > built);
}

/** Runs Vite's build with this Node (not npx, so no stray child is left behind). */
export function buildPwa(root: string): void {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  // Always a production build: Vite follows NODE_ENV, and a caller under vitest (NODE_ENV=test, the
  // browser tests' global setup) would otherwise build a development bundle without its service worker.
  const r = spawnSync(process.execPath, [vite, 'build', '--config', 'pwa/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('The PWA build failed; see the output above.');
}
