// npm run bench:outbox — 500 bookings queued in the outbox while offline, then the browser goes
// online: how long until the outbox has drained, and how many records the server holds (target
// ≤ 10 s, exactly 500). Baseline in the same run: 500 sequential direct fetches from the same page.
import { chromium } from 'playwright-core';
import { benchCustomer, startBenchServer } from './bench-server';

const N = Number(process.env.BENCH_N ?? 500);
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
const booking = (i: number) => ({
  postcode: `E1${i % 10}AA`,
  propertyType: 'House',
  frequency: 'Weekly',
  bedrooms: '2',
  bathrooms: '1',
  receptions: '1',
  cleaningType: 'Standard',
  hasCleaner: 'Not sure yet',
  bestDays: new Date(Date.now() + 86_400_000).toISOString(),
  start_within_14_days: true,
  supplies: 'Not sure yet',
  hiringLikelihood: `bench ${i}`,
});

/** How many bookings the server holds for this customer (the list is paged: its total). */
async function count(base: string, token: string): Promise<number> {
  const res = await fetch(`${base}/api/user/bookings?limit=1`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { bookings: unknown[]; total?: number; };
  return body.total ?? body.bookings.length;
}

async function main() {
  const srv = await startBenchServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS, headless: true });
  try {
    const ctx = await browser.newContext({ baseURL: srv.baseUrl, serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    const signIn = async (c: { token: string; user: { email: string; name: string; }; }) => {
      await page.evaluate((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('user', JSON.stringify(s.user));
        localStorage.setItem('email', s.user.email);
        localStorage.setItem('name', s.user.name);
      }, c);
    };

    // Baseline: the same requests, one after another, straight from the page (no outbox).
    const base = await benchCustomer(srv, 'bench-direct');
    await page.goto('/');
    await signIn(base);
    const baseMs = await page.evaluate(
      async ({ n, token, bodies }) => {
        const t0 = performance.now();
        for (let i = 0; i < n; i++) {
          const res = await fetch('/api/user/bookings', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
            body: JSON.stringify(bodies[i]),
          });
          if (!res.ok) throw new Error(`direct POST ${res.status}`);
        }
        return performance.now() - t0;
      },
      { n: N, token: base.token, bodies: Array.from({ length: N }, (_, i) => booking(i)) },
    );
    const baseCount = await count(srv.baseUrl, base.token);

    // Second baseline: the server's own pace with 4 requests in flight (what the replayer uses).
    const par = await benchCustomer(srv, 'bench-parallel');
    const parMs = await page.evaluate(
      async ({ n, token, bodies }) => {
        const t0 = performance.now();
        let next = 0;
        // (No named inner functions here: tsx would wrap them in a helper the page doesn't have.)
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            while (next < n) {
              const i = next++;
              const res = await fetch('/api/user/bookings', {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
                body: JSON.stringify(bodies[i]),
              });
              if (!res.ok) throw new Error(`direct POST ${res.status}`);
            }
          }),
        );
        return performance.now() - t0;
      },
      { n: N, token: par.token, bodies: Array.from({ length: N }, (_, i) => booking(i)) },
    );
    const parCount = await count(srv.baseUrl, par.token);

    // Outbox: N items stored offline exactly as enqueue() stores them (UUID key, seq,
    // state queued, owner and audience), then the network comes back and the page's own replayer drains them.
    const c = await benchCustomer(srv, 'bench-outbox');
    await signIn(c);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await ctx.setOffline(true);
    // The Outbox page opens the app's database (creating its schema) — rows go in after that.
    await page.goto('/outbox');
    await page.getByRole('heading', { name: 'Waiting to send' }).waitFor();
    await page.evaluate(
      ({ bodies, owner }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('sparkleclean');
          open.onsuccess = () => {
            const tx = open.result.transaction('outbox', 'readwrite');
            const store = tx.objectStore('outbox');
            const now = Date.now();
            bodies.forEach((json, i) =>
              store.add({
                id: crypto.randomUUID(),
                seq: i + 1,
                kind: 'booking',
                label: `Booking for ${json.postcode}`,
                method: 'POST',
                path: '/api/user/bookings',
                auth: 'customer',
                json,
                state: 'queued',
                attempts: 0,
                nextAttemptAt: now,
                createdAt: now,
                owner,
                audience: `customer:${owner}`,
              })
            );
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
          open.onerror = () => reject(open.error);
        }),
      { bodies: Array.from({ length: N }, (_, i) => booking(i)), owner: c.user.id },
    );
    // Items not yet accepted by the server (everything but 'sent'), read straight from IndexedDB.
    const unsent = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('sparkleclean');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const req = open.result.transaction('outbox').objectStore('outbox').getAll();
              req.onsuccess = () => {
                resolve((req.result as { state: string; }[]).filter((r) => r.state !== 'sent').length);
                open.result.close();
              };
              req.onerror = () => reject(req.error);
            };
          }),
      );
    // What enqueue() also does: flag "this device may hold unsent items" (lib/outbox/hint.ts),
    // then restart the app (still offline) so it starts its replayer as it would after a reload.
    await page.evaluate(() => localStorage.setItem('sc-outbox-pending', '1'));
    await page.goto('/');
    await page.getByRole('heading').first().waitFor();
    if ((await unsent()) !== N) throw new Error('items were not queued');
    const t0 = Date.now();
    await ctx.setOffline(false); // fires 'online' in the page → the replayer starts
    let left = N;
    while (left > 0) {
      await new Promise((r) => setTimeout(r, 100));
      left = await unsent();
      if (Date.now() - t0 > 120_000) throw new Error(`not drained after 120 s (${left} left)`);
    }
    const drainMs = Date.now() - t0;
    const records = await count(srv.baseUrl, c.token);

    console.log(`outbox bench, ${N} bookings, one Chromium page, real server (embedded engine)`);
    console.log(
      `baseline: ${N} sequential direct fetches  ${(baseMs / 1000).toFixed(2)} s  (${(baseMs / N).toFixed(1)} ms/request)  server records: ${baseCount}`,
    );
    console.log(
      `baseline: ${N} direct fetches, 4 in flight  ${(parMs / 1000).toFixed(2)} s  (${(parMs / N).toFixed(1)} ms/request)  server records: ${parCount}`,
    );
    console.log(
      `outbox:   drain after going online          ${(drainMs / 1000).toFixed(2)} s  (${(drainMs / N).toFixed(1)} ms/item)  server records: ${records}`,
    );
    console.log(`targets:  drain ≤ 10 s → ${drainMs <= 10_000 ? 'met' : 'NOT met'}; exactly ${N} records → ${records === N ? 'met' : 'NOT met'}`);
    process.exitCode = records === N ? 0 : 1;
  } finally {
    await browser.close();
    await srv.stop();
  }
}

await main();
