// How many test files run at once, in every project. Browser-test files share the pool with the others,
// and each worker slot has its own server, database, mail catcher and test clock (global-setup.ts starts
// one per slot; support.ts picks the slot's by VITEST_POOL_ID), so a file that moves the clock or fills a
// list never meets another file's data. Three on two cores: a browser test mostly waits (on Chromium, the
// server, its own timeouts), so a third file keeps both cores busy.
export const TEST_WORKERS = Math.max(1, Number(process.env.TEST_WORKERS ?? 3));
