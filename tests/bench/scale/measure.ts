// bench:scale's measures: one route's p50/p99 at 10 connections and its answer size on the wire, and
// the first answer of each route after a start.
import http from 'node:http';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { SECONDS } from './config';

export interface RouteResult {
  label: string;
  p50: number;
  p99: number;
  rps: number;
  bytes: number;
  non2xx: number;
  errors: number;
}

/** The bytes of one answer as they came over the connection (fetch would hand them over decompressed). */
function wireBytes(url: string, method: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => resolve(n));
    });
    req.on('error', reject);
    req.end();
  });
}

export async function measure(
  label: string,
  url: string,
  opts: { headers?: Record<string, string>; method?: string; paths?: string[]; },
): Promise<RouteResult> {
  // The answer size on the wire, as a browser asks (brotli or gzip): the largest of the paths (each asked
  // once; an accept's first path only, it writes). The ≤ 100 KB budget is judged on these bytes.
  const headers = { 'Accept-Encoding': 'br, gzip', ...opts.headers };
  let bytes = 0;
  for (const p of opts.method === 'POST' ? [opts.paths?.[0] ?? ''] : (opts.paths ?? [''])) {
    bytes = Math.max(bytes, await wireBytes(url + p, opts.method ?? 'GET', headers));
  }
  // A random start: a rerun on reused data (SCALE_DATA) mostly meets bookings an earlier run left pending.
  let next = 1 + Math.floor(Math.random() * (opts.paths?.length ?? 1));
  const r = await autocannon({
    url,
    connections: 10,
    duration: SECONDS,
    method: (opts.method ?? 'GET') as 'GET',
    headers,
    ...(opts.paths
      ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: opts.paths![next++ % opts.paths!.length] }) }] }
      : {}),
  });
  const out = { label, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, bytes, non2xx: r.non2xx, errors: r.errors + r.timeouts };
  // Progress as it goes (the table follows at the end of the step).
  console.error(`  ${label}: p50 ${out.p50} / p99 ${out.p99} ms, ${(bytes / 1024).toFixed(1)} KB, load ${loadavg()[0].toFixed(1)}`);
  return out;
}

/** Times one request to each route, one after the other, as soon as the server answers. */
export async function timeFirst(base: string, routes: [string, string, Record<string, string>][]): Promise<string> {
  const out: string[] = [];
  for (const [label, url, headers] of routes) {
    const t0 = performance.now();
    const r = await fetch(base + url, { headers });
    await r.arrayBuffer();
    out.push(`${label} ${(performance.now() - t0).toFixed(0)} ms (${r.status})`);
  }
  return out.join(', ');
}
