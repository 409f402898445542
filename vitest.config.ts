import { defineConfig } from 'vitest/config';
import { aliases } from './pwa/aliases.js';
import { E2E_WORKERS } from './tests/e2e/workers.js';

// One runner, four projects: the engine and API run in node, components in jsdom,
// browser tests drive the system's Chromium against the real server (E2E_WORKERS files at a time, each
// slot with its own server: tests/e2e/workers.ts).
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    projects: [
      { extends: true, test: { name: 'engine', include: ['tests/engine/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        extends: true,
        test: {
          name: 'pwa',
          include: ['tests/pwa/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/pwa/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Its own group, after the unit projects: one server per worker slot, picked by VITEST_POOL_ID.
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 1 },
          // One more try for a browser test that failed: on the 2-core CI machine the other slot's browser and server
          // run beside it and a page can hydrate seconds late. A real fault fails twice and still fails the run.
          retry: 1,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
