// How many browser-test files run at once. Each worker slot has its own server, database, mail catcher and
// test clock (global-setup.ts starts one per slot; support.ts picks the slot's by VITEST_POOL_ID), so a
// file that moves the clock or fills a list never meets another file's data.
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
