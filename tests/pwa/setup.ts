// jsdom setup for component tests: Testing Library matchers-free cleanup and an in-memory IndexedDB.
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait up to 5 s, not 1 s: three test files share two cores (vitest.config.ts), and a
// screen that renders in 50 ms alone can take over a second beside a browser test. A real fault still fails.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
