// bench:scale's office part: the data only the office reads (an admin, the audit trail, the inbox),
// the office routes with every filter and sort, and /api/health probed while one admin reloads the
// office home in a loop and while a year of timesheets streams as CSV.
import mongoose from 'mongoose';
import { AuditLog } from '../../api/src/models/AuditLog';
import { CareerApplication } from '../../api/src/models/CareerApplication';
import { ContactMessage } from '../../api/src/models/ContactMessage';
import { Enquiry } from '../../api/src/models/Enquiry';

const { ObjectId } = mongoose.mongo;
type Id = mongoose.Types.ObjectId;
const DAY = 86_400_000;

/** Audit entries (one per 20 bookings) and the inbox (a message or enquiry per 5 customers, an application per 20). */
export async function seedOffice(adminId: Id, customers: number, bookings: number, now: number): Promise<void> {
  const actor = { id: String(adminId), name: 'Office Admin', email: 'admin@scale.test', role: 'admin' };
  const audit = Array.from({ length: Math.floor(bookings / 20) }, (_, i) => {
    const at = new Date(now - (bookings / 20 - i) * 20 * 60_000);
    const id = String(new ObjectId());
    return i % 2
      ? {
        at,
        actor,
        action: 'timesheet.approved',
        target: { type: 'timesheet', id, label: 'Cleaner, 3 h' },
        before: { status: 'submitted', hours: 3 },
        after: { status: 'approved', hours: 3 },
      }
      : {
        at,
        actor,
        action: 'booking.assign',
        target: { type: 'booking', id, label: `SC-${i}` },
        before: { status: 'pending', accepted_by: null },
        after: { status: 'accepted', employee_name: 'Cleaner 1' },
      };
  });
  for (let i = 0; i < audit.length; i += 5000) await AuditLog.collection.insertMany(audit.slice(i, i + 5000));
  const inbox = (n: number, make: (i: number, created: Date, status: string) => Record<string, unknown>) =>
    Array.from({ length: n }, (_, i) => {
      const created = new Date(now - (n - i) * ((3 * 365 * DAY) / n));
      return { ...make(i, created, i < n - 50 ? 'handled' : 'new'), created_at: created, updated_at: created };
    });
  const who = (i: number) => ({ name: `Visitor ${i}`, email: `v${i}@scale.test`, phone: '07700 900456' });
  await ContactMessage.collection.insertMany(
    inbox(Math.floor(customers / 5), (i, _c, status) => ({ ...who(i), message: `A question about cleaning number ${i}.`, status })),
  );
  await Enquiry.collection.insertMany(
    inbox(
      Math.floor(customers / 5),
      (i, _c, status) => ({
        ...who(i),
        service: 'Deep clean',
        postcode: 'EC1A1BB',
        location: 'London',
        details: `Three bedrooms, enquiry ${i}.`,
        consent: true,
        status,
      }),
    ),
  );
  await CareerApplication.collection.insertMany(
    inbox(Math.floor(customers / 20), (i, _c, status) => ({ ...who(i), position: 'Cleaner', message: `I would like to work with you (${i}).`, status })),
  );
}

const day = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The office routes, each with the paths its rows cycle through (one row per filter or sort). */
export function officeRoutes(ids: { heavy: string; admin: string; }, customers: number, now = Date.now()): [string, string[]][] {
  const month = [day(now - 30 * DAY), day(now)];
  const year = [day(now - 364 * DAY), day(now)];
  const c = (i: number) => Math.floor(customers * i);
  return [
    ['office figures', ['/api/admin/stats']],
    ['customers', ['/api/admin/customers', '/api/admin/customers?page=3']],
    ['customers search', [
      `/api/admin/customers?q=Customer%20${c(0.42)}`,
      `/api/admin/customers?q=c${c(0.77)}%40scale`,
      '/api/admin/customers?q=customer%201',
      `/api/admin/customers?q=${c(0.13)}%20High`,
    ]],
    ['customers blocked', ['/api/admin/customers?blocked=true', '/api/admin/customers?blocked=false&page=2']],
    ['timesheets', ['/api/admin/timesheets']],
    ['timesheets filters', [
      `/api/admin/timesheets?employee=${ids.heavy}`,
      '/api/admin/timesheets?status=submitted',
      '/api/admin/timesheets?status=approved',
      '/api/admin/timesheets?status=queried',
      `/api/admin/timesheets?from=${year[0]}&to=${year[1]}`,
      `/api/admin/timesheets?from=${year[0]}&to=${year[1]}&employee=${ids.heavy}&status=approved`,
    ]],
    ['board first page', ['/api/admin/bookings']],
    ['board by status', [
      '/api/admin/bookings?status=pending',
      '/api/admin/bookings?status=waiting',
      '/api/admin/bookings?status=accepted',
      '/api/admin/bookings?status=completed',
      '/api/admin/bookings?status=rejected&on=cancelled',
    ]],
    ['board dates, sorts', [
      `/api/admin/bookings?on=completed&from=${month[0]}&to=${month[1]}`,
      `/api/admin/bookings?on=accepted&from=${year[0]}&to=${year[1]}&sort=oldest`,
      '/api/admin/bookings?sort=oldest',
      `/api/admin/bookings?on=cancelled&from=${month[0]}`,
      '/api/admin/bookings?page=40',
    ]],
    ['board search, cleaner', [
      '/api/admin/bookings?q=EC1A',
      `/api/admin/bookings?q=Customer%20${c(0.31)}`,
      `/api/admin/bookings?employee=${ids.heavy}`,
      `/api/admin/bookings?employee=${ids.heavy}&status=completed&sort=oldest`,
    ]],
    ['audit', ['/api/admin/audit', '/api/admin/audit?type=booking', `/api/admin/audit?actor=${ids.admin}&page=5`]],
    ['inbox', ['/api/admin/inbox', '/api/admin/inbox?kind=enquiry&status=new', '/api/admin/inbox?status=handled&page=4', '/api/admin/inbox?q=Visitor%2012']],
  ];
}

export const csvYear = (now = Date.now()) => `/api/admin/timesheets.csv?from=${day(now - 364 * DAY)}&to=${day(now)}`;

/**
 * Probes /api/health every 50 ms while `work` runs (requests one after the other, as one admin would).
 * A probe or a work request that fails (a reset connection, the server gone) is counted with its first
 * error instead of ending the bench, so the step's table is still printed and the server still stopped.
 */
export async function healthDuring(
  base: string,
  work: () => Promise<void>,
): Promise<{ probes: number[]; works: number; ms: number; failed: number; error?: string; }> {
  const probes: number[] = [];
  let stop = false;
  let failed = 0;
  let error: string | undefined;
  const fail = (what: string, e: unknown, t0: number) => {
    failed++;
    const cause = (e as { cause?: { code?: string; message?: string; }; }).cause;
    error ??= `${what} after ${(performance.now() - t0).toFixed(0)} ms: ${cause?.code ?? cause?.message ?? String(e)}`;
  };
  const prober = (async () => {
    while (!stop) {
      const t0 = performance.now();
      try {
        const r = await fetch(base + '/api/health');
        await r.arrayBuffer();
        probes.push(performance.now() - t0);
      } catch (e) {
        fail('health', e, t0);
      }
      await new Promise((res) => setTimeout(res, 50));
    }
  })();
  const t0 = performance.now();
  let works = 0;
  try {
    do {
      const w0 = performance.now();
      try {
        await work();
        works++;
      } catch (e) {
        fail('work', e, w0);
        if (failed > 20) break;
      }
    } while (performance.now() - t0 < 3000);
  } finally {
    stop = true;
    await prober;
  }
  return { probes, works, ms: performance.now() - t0, failed, error };
}
