import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { aliases } from './pwa/aliases.js';
import { TEST_WORKERS } from './tests/e2e/workers.js';
import { BrowserFilesFirst } from './tests/e2e/sequencer.js';

// One runner, four projects: the engine and API run in node, components in jsdom,
// browser tests drive the system's Chromium against the real server. TEST_WORKERS files at a time, all
// projects in one pool (vitest's default on 2 cores is one file at a time, and a project without file
// parallelism runs alone after the rest); each worker slot has its own server: tests/e2e/workers.ts.
const API_FILES_ALONE = [
  'tests/api/versioned-cache.test.ts',
  'tests/api/office-figures-live.test.ts',
  'tests/api/payments-instances.test.ts',
  'tests/api/upgrade.test.ts',
  'tests/api/fuzz-bodies.test.ts',
  'tests/api/office-kept-lists.test.ts',
  'tests/api/blog-list-shared.test.ts',
  'tests/api/visits-week-cache.test.ts',
  'tests/api/backfill-once.test.ts',
  'tests/api/static.test.ts',
  'tests/api/office-lists-scale.test.ts',
  'tests/api/paging.test.ts',
  'tests/api/visits-generation-pass.test.ts',
];

const PWA_FILES = ['tests/pwa/**/*.test.{ts,tsx}'];
const PWA = { environment: 'jsdom' as const, setupFiles: ['tests/pwa/setup.ts'] };
const KEEPS_STATE = /outbox|lib\/db|fake-indexeddb|Dexie|vi\.mock|vi\.spyOn|useFakeTimers|vi\.stubGlobal/;
const PWA_FILES_ALONE = readdirSync('tests/pwa')
  .filter((f) => /\.test\.tsx?$/.test(f) && KEEPS_STATE.test(readFileSync(path.join('tests/pwa', f), 'utf8')))
  .map((f) => `tests/pwa/${f}`);

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    maxWorkers: TEST_WORKERS,
    sequence: { sequencer: BrowserFilesFirst },
    projects: [
      // The engine's files share one module graph per worker too: each opens its own store in its own directory.
      {
        extends: true,
        test: { name: 'engine', include: ['tests/engine/**/*.test.ts'], environment: 'node', isolate: false, testTimeout: 60_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: API_FILES_ALONE,
          environment: 'node',
          // A worker runs its API files one after the other in one module graph: mongoose, koa and the
          // app are loaded once per worker, not once per file (each file still starts its own server and
          // database). About 40 % less CPU for the project.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Files that replace a module (vi.mock), spy on a model's methods or load the app twice in one
      // process: each needs a module graph of its own.
      { extends: true, test: { name: 'api-alone', include: API_FILES_ALONE, environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } },
      // Component files run one after the other in one module graph and one jsdom per worker (a third of
      // the CPU of one each). Those that keep state in IndexedDB (the outbox, Dexie), replace a module,
      // spy, stub a global or fake the timers each get their own.
      { extends: true, test: { name: 'pwa', include: PWA_FILES, exclude: PWA_FILES_ALONE, ...PWA, isolate: false } },
      { extends: true, test: { name: 'pwa-alone', include: PWA_FILES_ALONE, ...PWA } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One worker process per slot runs its files one after the other: its Chromium (browser.ts),
          // playwright-core and the helpers are loaded once, not once per file. Each file still gets its
          // own browser contexts, and its data lives on the slot's server, as before.
          isolate: false,
          // One more try for a browser test that failed: on the 2-core CI machine the other slots' files
          // run beside it and a page can hydrate seconds late. A real fault fails twice and still fails the run.
          retry: 1,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
