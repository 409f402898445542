// bench:scale's printed figures: the route table (each p99 beside the baseline row measured on the same
// server) and the lines of health probes.
import { pct } from './config';
import type { RouteResult } from './measure';

/** The route table; `other` adds a second p99 column (the same routes on a server started with other flags). */
export function routeTable(results: RouteResult[], other?: { title: string; results: RouteResult[]; }): string[] {
  const base = results.find((r) => r.label === 'health (baseline)');
  const ratio = (p99: number) => (base && base.p99 > 0 ? `${(p99 / base.p99).toFixed(1)}×` : '');
  // A route with no answer within the seconds given (a loaded machine) has no percentile: '-', not 0.
  const p = (r: RouteResult, v: number) => (r.rps > 0 || r.non2xx > 0 ? String(v) : '-');
  const otherP99 = new Map(other?.results.map((r) => [r.label, p(r, r.p99)]));
  const lines = [
    `${'route'.padEnd(22)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'÷ base'.padStart(7)} ${'req/s'.padStart(7)} ${
      'answer'.padStart(10)
    }  non-2xx errors${other ? `   p99 ${other.title}` : ''}`,
  ];
  for (const r of results) {
    lines.push(
      `${r.label.padEnd(22)} ${p(r, r.p50).padStart(7)} ${p(r, r.p99).padStart(7)} ${(r.rps > 0 ? ratio(r.p99) : '').padStart(7)} ${
        r.rps.toFixed(0).padStart(7)
      } ${(r.bytes / 1024).toFixed(1).padStart(7)} KB  ${String(r.non2xx).padStart(7)} ${String(r.errors).padStart(6)}${
        other ? `   ${otherP99.get(r.label) ?? '-'}` : ''
      }`,
    );
  }
  return lines;
}

export const probes = (xs: number[]) =>
  xs.length ? `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${pct(xs, 100).toFixed(1)} ms (${xs.length} probes)` : 'no probes';

export const during = (label: string, d: { works: number; ms: number; probes: number[]; failed: number; error?: string; }) =>
  `/api/health every 50 ms ${label} (${d.works} in ${d.ms.toFixed(0)} ms): ${probes(d.probes)}${d.failed ? `; failed ${d.failed} (first: ${d.error})` : ''}`;
