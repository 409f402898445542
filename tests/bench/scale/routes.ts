// bench:scale's routes: who asks what (tokens of the seeded people), timed one by one after a start and
// then at 10 connections each. The same set is used for every server a step starts.
import { officeRoutes } from '../scale-office';
import { visitRoutes } from '../scale-visits';
import { tokens, wanted } from './config';
import { measure, type RouteResult } from './measure';
import type { Seeded } from './seed';

export type Route = [label: string, url: string, headers: Record<string, string>];

export function stepRoutes(seeded: Seeded, customers: number) {
  const emp = { Authorization: `Bearer ${tokens.sign('employee', seeded.employee, 'employee', 0)}` };
  const cust = { Authorization: `Bearer ${tokens.sign('customer', seeded.customer, 'user', 0)}` };
  const admin = { Authorization: `Bearer ${tokens.sign('employee', seeded.admin, 'admin', 0)}` };
  const office = officeRoutes(seeded, customers);
  const visitHeaders = {
    customer: { Authorization: `Bearer ${tokens.sign('customer', seeded.visits.customer, 'user', 0)}` },
    cleaner: { Authorization: `Bearer ${tokens.sign('employee', seeded.visits.cleaner, 'employee', 0)}` },
    admin,
  };
  const visitPaths = visitRoutes(Date.now()).map(([label, p, who]): Route => [label, p, visitHeaders[who]]);
  /** One path per route, as a person opens it: the first answers after a start, and again after a restart. */
  const measured: Route[] = [
    ['blog list', '/api/blog-posts', {}],
    ['customer bookings', '/api/user/bookings', cust],
    ['dashboard', '/api/user/dashboard', cust],
    ['available bookings', '/api/employee/available-bookings', emp],
    ['my-bookings', '/api/employee/my-bookings', emp],
    ['employee stats', '/api/employee/stats', emp],
    ...office.map(([label, paths]): Route => [label, paths.at(-1)!, admin]),
    ...visitPaths,
  ];
  // Under SCALE_ONLY: the first answers of the routes it picks ('first answers' picks them all).
  const first: Route[] = ([
    ['customer bookings', '/api/user/bookings', cust],
    ['my-bookings', '/api/employee/my-bookings', emp],
    ...office.map(([label, paths]): Route => [label, paths.at(-1)!, admin]),
    ...visitPaths,
  ] satisfies Route[]).filter(([label]) => wanted(label) || wanted('first answers'));

  /** Every route at 10 connections. The baseline row first: /api/health, which reads no collection, on the same server. */
  async function atLoad(base: string, pending: string[], image: string): Promise<RouteResult[]> {
    const results: RouteResult[] = [];
    const run = async (label: string, url: string, opts: Parameters<typeof measure>[2]) =>
      void (wanted(label) && results.push(await measure(label, url, opts)));
    results.push(await measure('health (baseline)', `${base}/api/health`, {}));
    await run('blog list', `${base}/api/blog-posts`, {});
    await run('customer bookings', `${base}/api/user/bookings`, { headers: cust });
    await run('dashboard', `${base}/api/user/dashboard`, { headers: cust });
    await run('available bookings', `${base}/api/employee/available-bookings`, { headers: emp });
    await run('my-bookings', `${base}/api/employee/my-bookings`, { headers: emp });
    await run('employee stats', `${base}/api/employee/stats`, { headers: emp });
    // Every accept takes another pending booking (one already taken answers 409, also timed).
    await run('accept', base, { headers: emp, method: 'POST', paths: pending.map((id) => `/api/employee/bookings/${id}/accept`) });
    if (image) await run('2 MB image', `${base}/uploads/blog/${image}`, {});
    for (const [label, paths] of office) await run(label, base, { headers: admin, paths });
    for (const [label, p, headers] of visitPaths) await run(label, base + p, { headers });
    return results;
  }
  return { admin, visitPaths, measured, first, atLoad };
}
