// jsdom setup for component tests: Testing Library matchers-free cleanup and an in-memory IndexedDB.
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
