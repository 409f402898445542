// How many test files run at once, in every project. Browser-test files share the pool with the others,
// and each worker slot has its own server, database, mail catcher and test clock (global-setup.ts starts
// one per slot; support.ts picks the slot's by VITEST_POOL_ID), so a file that moves the clock or fills a
// list never meets another file's data. Four on two cores: a browser test mostly waits (on Chromium, the
// server, its own timeouts); with three the whole `npm test` kept the two cores only 128 % busy.
export const TEST_WORKERS = Math.max(1, Number(process.env.TEST_WORKERS ?? 4));
