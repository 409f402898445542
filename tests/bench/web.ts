// npm run bench:web — builds the PWA and, against the real server, measures every pre-rendered public
// route on a first visit (no service worker, empty cache):
//   - JS: every script Chromium loads until the network is idle, gzip-sized from the build;
//   - Lighthouse mobile with its throttling applied for real (--throttling-method=devtools: slow 4G,
//     4× CPU slowdown), median of LH_RUNS (default 3): performance, LCP, TBT, CLS;
//   - one Lighthouse run with the default simulated throttling, for information (LH_SIMULATE=0 skips it).
// Targets per route: performance ≥ 95, LCP ≤ 1.0 s (applied throttling), JS ≤ 100 KB gzip. `/` is the
// baseline measured in the same run: the page that was pre-rendered before the others were.
// WEB_ROUTES=/,/blog limits the routes (a quick run: WEB_ROUTES=/about LH_RUNS=1 LH_SIMULATE=0).
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { PRERENDERED_ROUTES } from '@/prerendered-routes';
import { startBenchServer } from './bench-server';

const root = path.resolve(import.meta.dirname, '../..');
// WEB_DIST: measure a build copied elsewhere (not rebuilt), so work in the tree cannot change it mid-run.
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'pwa/dist');
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const JS_BUDGET = 100 * 1024;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (xs: number[]) => xs.slice().sort((p, q) => p - q)[Math.floor(xs.length / 2)];

const gzipSizes = new Map<string, number>();
async function gzipSize(file: string): Promise<number> {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length);
  return gzipSizes.get(file)!;
}

/** Every JS file Chromium fetches for `route` until the network is idle (no service worker), gzip-sized from the build. */
async function firstLoadJs(browser: Browser, url: string): Promise<{ files: string[]; gzip: number; }> {
  const ctx = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
  try {
    const page = await ctx.newPage();
    const files = new Set<string>();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith('.js') && u.pathname.startsWith('/assets/')) files.add(u.pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const sorted = [...files].sort();
    const sizes = await Promise.all(sorted.map((f) => gzipSize(f)));
    return { files: sorted, gzip: sizes.reduce((s, n) => s + n, 0) };
  } finally {
    await ctx.close();
  }
}

type Throttling = 'simulate' | 'devtools';
interface Result {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Script bytes over the wire (Lighthouse's network records; brotli from our server). */
  jsTransfer: number;
}

type LhReport = {
  categories: { performance: { score: number; }; };
  audits: Record<string, { numericValue: number; details?: { items?: { resourceType?: string; transferSize?: number; }[]; }; }>;
};

function lighthouse(url: string, outFile: string, throttling: Throttling): void {
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--output=json',
      `--output-path=${outFile}`,
      `--chrome-flags=${FLAGS.join(' ')}`,
      '--only-categories=performance',
      `--throttling-method=${throttling}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 240_000 },
  );
}

async function run(url: string, outFile: string, throttling: Throttling): Promise<Result> {
  lighthouse(url, outFile, throttling);
  const r = JSON.parse(await readFile(outFile, 'utf8')) as LhReport;
  const a = r.audits;
  const scripts = (a['network-requests'].details?.items ?? []).filter((i) => i.resourceType === 'Script');
  return {
    score: Math.round(r.categories.performance.score * 100),
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    jsTransfer: scripts.reduce((s, i) => s + (i.transferSize ?? 0), 0),
  };
}

interface Row {
  route: string;
  js: number;
  devtools: Result;
  simulated?: Result;
}

async function main() {
  const routes = process.env.WEB_ROUTES ? process.env.WEB_ROUTES.split(',').map((r) => r.trim()) : Object.keys(PRERENDERED_ROUTES);
  const runs = Number(process.env.LH_RUNS ?? 3);
  const simulate = process.env.LH_SIMULATE !== '0';
  if (process.env.WEB_DIST) Object.assign(process.env, { PWA_DIST_DIR: dist, SKIP_PWA_BUILD: '1' });
  else console.log('building the PWA…');
  if (!process.env.WEB_DIST) {
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'pwa/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  }

  const srv = await startBenchServer();
  const work = await mkdtemp(path.join(tmpdir(), 'lh-'));
  const rows: Row[] = [];
  try {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS, headless: true });
    const js = new Map<string, { files: string[]; gzip: number; }>();
    try {
      for (const route of routes) js.set(route, await firstLoadJs(browser, srv.baseUrl + route));
    } finally {
      await browser.close();
    }
    console.log('\nJS each route loads until network idle (first visit, no service worker), gzip:');
    for (const [route, r] of js) console.log(`  ${route.padEnd(26)} ${kb(r.gzip).padStart(9)}  ${r.files.map((f) => path.basename(f)).join(' ')}`);
    if (runs < 1) return;

    console.log(`\nload average before Lighthouse: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const route of routes) {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) {
        const x = await run(srv.baseUrl + route, path.join(work, `lh-${i}.json`), 'devtools');
        results.push(x);
        console.log(
          `${route} devtools run ${i + 1}: performance ${x.score}, LCP ${secs(x.lcp)}, TBT ${Math.round(x.tbt)} ms, CLS ${x.cls.toFixed(3)}, JS over the wire ${
            kb(x.jsTransfer)
          }`,
        );
      }
      const devtools: Result = {
        score: median(results.map((r) => r.score)),
        lcp: median(results.map((r) => r.lcp)),
        tbt: median(results.map((r) => r.tbt)),
        cls: median(results.map((r) => r.cls)),
        jsTransfer: median(results.map((r) => r.jsTransfer)),
      };
      const simulated = simulate ? await run(srv.baseUrl + route, path.join(work, 'lh-sim.json'), 'simulate') : undefined;
      if (simulated) {
        console.log(`${route} simulated (information): performance ${simulated.score}, LCP ${secs(simulated.lcp)}, TBT ${Math.round(simulated.tbt)} ms`);
      }
      rows.push({ route, js: js.get(route)!.gzip, devtools, simulated });
    }
  } finally {
    await srv.stop();
    await rm(work, { recursive: true, force: true });
  }
  if (rows.length === 0) return;

  const met = (r: Row) => r.devtools.score >= 95 && r.devtools.lcp <= 1000 && r.js <= JS_BUDGET;
  console.log(
    `\nLighthouse mobile, throttling applied (devtools), median of ${runs}; JS = gzip loaded until network idle. Load average now: ${
      loadavg().map((l) => l.toFixed(2)).join(' ')
    }`,
  );
  console.log(`| Route | Perf | LCP | TBT | CLS | JS (gzip) | JS over the wire | simulated perf / LCP | targets |`);
  console.log(`|---|---|---|---|---|---|---|---|---|`);
  for (const r of rows) {
    const d = r.devtools;
    const sim = r.simulated ? `${r.simulated.score} / ${secs(r.simulated.lcp)}` : '—';
    console.log(
      `| ${r.route}${r.route === '/' ? ' (baseline)' : ''} | ${d.score} | ${secs(d.lcp)} | ${Math.round(d.tbt)} ms | ${d.cls.toFixed(3)} | ${kb(r.js)} | ${
        kb(d.jsTransfer)
      } | ${sim} | ${met(r) ? 'met' : 'NOT met'} |`,
    );
  }
  const worst = rows.reduce((
    w,
    r,
  ) => (r.devtools.score < w.devtools.score || (r.devtools.score === w.devtools.score && r.devtools.lcp > w.devtools.lcp) ? r : w));
  const heaviest = rows.reduce((w, r) => (r.js > w.js ? r : w));
  console.log(
    `\nworst route: ${worst.route} (performance ${worst.devtools.score}, LCP ${secs(worst.devtools.lcp)}); most JS: ${heaviest.route} (${kb(heaviest.js)})`,
  );
  console.log(`targets (performance ≥ 95, LCP ≤ 1.0 s, JS ≤ 100 KB gzip) met on ${rows.filter(met).length} of ${rows.length} routes`);
}

await main();
