// npm run bench:web — builds the PWA, measures the JavaScript the first load of `/` costs (gzip),
// and runs Lighthouse (mobile defaults: simulated slow 4G + 4× CPU slowdown) on `/` against the real
// server, then the same throttling applied for real (LH_DEVTOOLS=0 skips it). Targets (judged on the
// simulated default): initial JS ≤ 90 KB gzip, performance ≥ 95, LCP ≤ 1.5 s.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startBenchServer } from './bench-server';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'pwa/dist');
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function gz(file: string): Promise<{ raw: number; gzip: number }> {
  const buf = await readFile(file);
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

/** Entry script + the modules it imports statically (the modulepreload links Vite writes into index.html). */
async function entryJs(): Promise<{ file: string; gzip: number }[]> {
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const srcs = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  return Promise.all(srcs.map(async (src) => ({ file: src, gzip: (await gz(path.join(dist, src))).gzip })));
}

/** Every JS file Chromium fetches to show `/` (until the network is idle), gzip-sized from the build. */
async function firstLoadJs(baseUrl: string): Promise<{ file: string; gzip: number }[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS, headless: true });
  try {
    // No service worker: this is what a first-time visitor downloads before anything is cached.
    const ctx = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
    const page = await ctx.newPage();
    const files = new Set<string>();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith('.js') && u.pathname.startsWith('/assets/')) files.add(u.pathname);
    });
    await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return Promise.all([...files].sort().map(async (f) => ({ file: f, gzip: (await gz(path.join(dist, f))).gzip })));
  } finally {
    await browser.close();
  }
}

/** Lighthouse's mobile defaults; `devtools` applies the same throttling for real instead of simulating it. */
function lighthouse(url: string, outFile: string, throttling: 'simulate' | 'devtools' = 'simulate') {
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/lighthouse/cli/index.js'), url, '--output=json', `--output-path=${outFile}`, `--chrome-flags=${FLAGS.join(' ')}`, '--only-categories=performance', `--throttling-method=${throttling}`, '--quiet'],
    { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 },
  );
}

interface Result {
  score: number;
  fcp: number;
  lcp: number;
  observedLcp: number;
  cls: number;
  tbt: number;
}

function readResult(r: { categories: { performance: { score: number } }; audits: Record<string, { numericValue: number; details?: { items?: Record<string, number>[] } }> }): Result {
  const a = r.audits;
  return {
    score: Math.round(r.categories.performance.score * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    observedLcp: a.metrics.details?.items?.[0]?.observedLargestContentfulPaint ?? NaN,
    cls: a['cumulative-layout-shift'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
  };
}

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  console.log('building the PWA…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'pwa/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const entry = await entryJs();
  const entryTotal = entry.reduce((s, f) => s + f.gzip, 0);
  console.log(`\ninitial JS for / — entry + static imports (index.html script + modulepreload): ${kb(entryTotal)} gzip`);
  for (const f of entry) console.log(`  ${f.file.padEnd(48)} ${kb(f.gzip)}`);

  const srv = await startBenchServer();
  const work = await mkdtemp(path.join(tmpdir(), 'lh-'));
  try {
    const loaded = await firstLoadJs(srv.baseUrl);
    const loadedTotal = loaded.reduce((s, f) => s + f.gzip, 0);
    console.log(`\nall JS Chromium loads for / until network idle (incl. the lazy home page, no SW): ${kb(loadedTotal)} gzip`);
    for (const f of loaded) console.log(`  ${f.file.padEnd(48)} ${kb(f.gzip)}`);

    const runs = Number(process.env.LH_RUNS ?? 3);
    const median = (xs: number[]) => xs.slice().sort((p, q) => p - q)[Math.floor(xs.length / 2)];
    const series = async (throttling: 'simulate' | 'devtools') => {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) {
        const out = path.join(work, `lh-${throttling}-${i}.json`);
        lighthouse(`${srv.baseUrl}/`, out, throttling);
        results.push(readResult(JSON.parse(await readFile(out, 'utf8'))));
        const x = results.at(-1)!;
        console.log(`lighthouse ${throttling} run ${i + 1}: performance ${x.score}, FCP ${secs(x.fcp)}, LCP ${secs(x.lcp)} (observed in the test browser ${Math.round(x.observedLcp)} ms), CLS ${x.cls.toFixed(3)}, TBT ${Math.round(x.tbt)} ms`);
      }
      const m = { score: median(results.map((r) => r.score)), lcp: median(results.map((r) => r.lcp)), cls: median(results.map((r) => r.cls)), tbt: median(results.map((r) => r.tbt)) };
      console.log(`lighthouse ${throttling} (mobile, median of ${runs}): performance ${m.score}, LCP ${secs(m.lcp)}, CLS ${m.cls.toFixed(3)}, TBT ${Math.round(m.tbt)} ms\n`);
      return m;
    };
    // The default (simulated throttling, what the targets refer to), then the same conditions applied
    // for real. The simulation's LCP counts every script that finished downloading before the paint
    // it observed in the test browser, so on localhost it swings with that race: whether the hydration
    // script (low priority, not needed for the paint) arrives before or after the first frame.
    const { score, lcp } = await series('simulate');
    if (process.env.LH_DEVTOOLS !== '0') await series('devtools');
    console.log(`targets: initial JS ≤ 90 KB gzip → entry ${kb(entryTotal)} ${entryTotal <= 90 * 1024 ? 'met' : 'NOT met'}, whole first load ${kb(loadedTotal)} ${loadedTotal <= 90 * 1024 ? 'met' : 'NOT met'}; performance ≥ 95 → ${score >= 95 ? 'met' : 'NOT met'}; LCP ≤ 1.5 s → ${lcp <= 1500 ? 'met' : 'NOT met'}`);
  } finally {
    await srv.stop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
