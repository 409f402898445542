import { chromium } from 'playwright-core';
import { spawn, execSync } from 'node:child_process';
import fs from 'node:fs';
const port = 4567;
const srv = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], { env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: '/tmp/swexp/data', SKIP_PWA_BUILD: '1', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'warn' }, stdio: 'inherit' });
const url = `http://127.0.0.1:${port}`;
for (let i = 0; i < 200; i++) { try { if ((await fetch(url + '/api/health')).ok) break; } catch {} await new Promise((r) => setTimeout(r, 250)); }
const cpu = (pid) => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
const treeCpu = (root) => { let t = 0; const pids = execSync(`pgrep -f user-data-dir`).toString().trim().split('\n'); for (const p of pids) { try { t += cpu(p); } catch {} } return t; };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'], headless: true });
for (const mode of ['block', 'allow', 'block', 'allow']) {
  const s0 = cpu(srv.pid), b0 = treeCpu(), t0 = Date.now();
  for (let i = 0; i < 8; i++) {
    const ctx = await browser.newContext({ baseURL: url, viewport: { width: 375, height: 812 }, serviceWorkers: mode });
    const page = await ctx.newPage();
    await page.goto('/');
    await page.waitForFunction(() => { const h1 = document.querySelector('h1'); return h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber')); });
    if (mode === 'allow') await page.evaluate(async () => { const r = await navigator.serviceWorker.ready; return !!r.active; });
    await page.goto('/login');
    await page.waitForTimeout(500);
    await ctx.close();
  }
  console.log(mode, 'server cpu', (cpu(srv.pid) - s0).toFixed(2), 'chromium cpu', (treeCpu() - b0).toFixed(2), 'wall', Date.now() - t0);
}
await browser.close(); srv.kill();
