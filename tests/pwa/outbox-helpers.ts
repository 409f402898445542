// Test helpers for the outbox: a scripted fetch that records every request it receives.
import { vi } from 'vitest';

export interface Seen {
  url: string;
  method: string;
  key: string | null;
  auth: string | null;
  body: unknown;
}

export type Reply = { status: number; body?: unknown; delayMs?: number; } | 'network';

/** Installs a fetch that answers from `reply(request, n)` and records what was sent. */
export function scriptFetch(reply: (seen: Seen, n: number) => Reply) {
  const seen: Seen[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fn = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const s: Seen = {
      url,
      method: init.method ?? 'GET',
      key: headers.get('Idempotency-Key'),
      auth: headers.get('Authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    seen.push(s);
    const r = reply(s, seen.length);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const delay = r === 'network' ? 1 : (r.delayMs ?? 1);
      await new Promise((res) => setTimeout(res, delay));
      if (r === 'network') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(r.body ?? { success: r.status < 400, message: `status ${r.status}` }), {
        status: r.status,
        headers: { 'Content-Type': 'application/json' },
      });
    } finally {
      inFlight--;
    }
  });
  vi.stubGlobal('fetch', fn);
  return { seen, fn, maxInFlight: () => maxInFlight };
}
