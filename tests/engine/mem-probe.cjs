// Memory probe for a server run (SCALE_NODE_ARGS="--require ./tests/engine/mem-probe.cjs", MEM_PROBE_OUT=FILE):
// every 2 s each thread (main, the engine's worker...) appends process.memoryUsage() and V8 heap spaces, in MB.
// CommonJS on purpose: `--require` also runs in worker threads, `--import` did not (Node 22).
// A thread busy in a long synchronous step (the engine's load) writes nothing until it is free.
/* eslint-disable @typescript-eslint/no-require-imports */
const fs = require('node:fs');
const v8 = require('node:v8');
const { threadId } = require('node:worker_threads');

const out = process.env.MEM_PROBE_OUT || '/tmp/mem-probe.log';
const t0 = Date.now();
const mb = (x) => (x / 1048576).toFixed(0);
setInterval(() => {
  const m = process.memoryUsage();
  const spaces = v8.getHeapSpaceStatistics().map((s) => `${s.space_name.replace('_space', '')}=${mb(s.space_used_size)}/${mb(s.space_size)}`).join(' ');
  const line = `t=${((Date.now() - t0) / 1000).toFixed(0)}s thr=${threadId} rss=${mb(m.rss)} heapTotal=${mb(m.heapTotal)} heapUsed=${mb(m.heapUsed)} external=${
    mb(m.external)
  } ab=${mb(m.arrayBuffers)} | ${spaces}\n`;
  fs.appendFileSync(out, line);
}, 2000).unref();
