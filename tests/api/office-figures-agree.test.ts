// The office's figures are counted from indexes (per-week counts, waits grouped by minute, hours grouped
// by state and amount) instead of from the bookings: after random sequences of real writes through the
// API (requests, accepts, assignments, work submitted, approvals, queries, cancellations, unassignments),
// GET /api/admin/stats must equal the board's own counts behind each figure and a full recount of
// every booking written out here; and the stored waits equal a recount of them (the rebuild command
// corrects none). The figures are kept per bookings write version: the office also looks between
// writes, so a write that did not move the version would leave a stale figure and fail here.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../api/src/models/Booking';
import { backfillAcceptWaits } from '../../api/src/services/office/accept-wait';
import { percentile } from '../../api/src/services/office/stats';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
let cleaners: TestEmployee[];
let customerId: string;
const ids: string[] = [];
const MIN = 60_000;

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  admin = await makeEmployee(srv, { role: 'admin' });
  cleaners = [await makeEmployee(srv), await makeEmployee(srv), await makeEmployee(srv)];
  customerId = (await makeCustomer(srv)).id;
});
afterAll(async () => {
  await srv?.close();
});

type Action =
  | { kind: 'create'; ageMin: number; }
  | { kind: 'accept' | 'assign'; who: number; pick: number; }
  | { kind: 'submit'; who: number; pick: number; halves: number; }
  | { kind: 'approve' | 'query' | 'cancel' | 'unassign'; pick: number; }
  | { kind: 'look'; };

const pick = fc.nat({ max: 1000 });
const who = fc.nat({ max: 2 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('create' as const), ageMin: fc.nat({ max: 30 * 24 * 60 }) }), weight: 3 },
  fc.record({ kind: fc.constantFrom('accept' as const, 'assign' as const), who, pick }),
  { arbitrary: fc.record({ kind: fc.constant('submit' as const), who, pick, halves: fc.integer({ min: 1, max: 48 }) }), weight: 2 },
  fc.record({ kind: fc.constantFrom('approve' as const, 'query' as const, 'cancel' as const, 'unassign' as const), pick }),
  fc.record({ kind: fc.constant('look' as const) }),
);

/** One write, as the app makes it; a refusal (409: taken, not yours, already approved…) is part of the game. */
async function apply(a: Action): Promise<void> {
  if (a.kind === 'create') {
    // Requested some time ago (the wait for a cleaner then spans minutes to weeks), booked for the past
    // so that work can be submitted at once.
    const id = await makeBooking(customerId, { scheduledAt: new Date(Date.now() - 3600_000) });
    await Booking.collection.updateOne({ _id: (await Booking.findById(id, { _id: 1 }).lean())!._id }, {
      $set: { created_at: new Date(Date.now() - a.ageMin * MIN - 1234) },
    });
    ids.push(id);
    return;
  }
  if (a.kind === 'look') {
    expect((await srv.call('GET', '/api/admin/stats', { token: admin.token })).status).toBe(200);
    return;
  }
  if (!ids.length) return;
  const id = ids[a.pick % ids.length];
  const office = { token: admin.token };
  const res = await (async () => {
    switch (a.kind) {
      case 'accept':
        return srv.call('POST', `/api/employee/bookings/${id}/accept`, { token: cleaners[a.who].token });
      case 'assign':
        return srv.call('POST', `/api/admin/bookings/${id}/assign`, { ...office, json: { employeeId: cleaners[a.who].id } });
      case 'submit': {
        const b = await Booking.findById(id, { accepted_by: 1 }).lean();
        const mine = cleaners.find((c) => c.id === String(b?.accepted_by)) ?? cleaners[a.who];
        return srv.call('POST', `/api/employee/bookings/${id}/submit-work`, { token: mine.token, json: { work_hours: a.halves / 2 } });
      }
      case 'approve':
        return srv.call('POST', `/api/admin/timesheets/${id}/approve`, office);
      case 'query':
        return srv.call('POST', `/api/admin/timesheets/${id}/query`, { ...office, json: { message: 'Which rooms?' } });
      case 'cancel':
        return srv.call('POST', `/api/admin/bookings/${id}/cancel`, { ...office, json: { reason: 'Customer moved' } });
      case 'unassign':
        return srv.call('POST', `/api/admin/bookings/${id}/unassign`, office);
    }
  })();
  expect([200, 201, 403, 409], `${a.kind}: ${JSON.stringify(res.body)}`).toContain(res.status);
}

/** Every figure again, from every booking read here. */
async function recount(from: string, to: string) {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + 24 * 60 * MIN;
  const all = await Booking.find({}).lean();
  const inside = (d?: Date | null) => !!d && d.getTime() >= start && d.getTime() < end;
  const accepted = all.filter((b) => inside(b.accepted_at));
  const approved = all.filter((b) => b.work_submitted && inside(b.submitted_at) && b.timesheet_status === 'approved');
  const waits = accepted.map((b) => Math.floor((b.accepted_at!.getTime() - b.created_at.getTime()) / MIN) / 60).sort((x, y) => x - y);
  return {
    totals: {
      created: all.filter((b) => inside(b.created_at)).length,
      accepted: accepted.length,
      completed: all.filter((b) => b.work_submitted && inside(b.submitted_at)).length,
      // Cancelled by the office, by the customer within 14 days, or withdrawn; plans ended by the customer or a closing.
      cancelled: all.filter((b) => ['rejected', 'cancelled', 'withdrawn'].includes(b.status ?? '') && inside(b.cancelled_at)).length,
      ended: all.filter((b) => inside(b.plan_ended_at)).length,
    },
    acceptance: { count: waits.length, median_hours: percentile(waits, 50), p90_hours: percentile(waits, 90) },
    hours_approved: approved.reduce((n, b) => n + (b.submitted_work_hours ?? 0), 0),
    approved_submissions: approved.length,
  };
}

describe('the office figures after random writes', () => {
  it('equal the board’s counts and a full recount', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 30 }), async (actions) => {
        for (const a of actions) await apply(a);
        const res = await srv.call('GET', '/api/admin/stats', { token: admin.token });
        expect(res.status).toBe(200);
        const s = res.body.stats;
        const want = await recount(s.from, s.to);
        expect(s.totals).toEqual(want.totals);
        expect(s.acceptance.count).toBe(want.acceptance.count);
        for (const k of ['median_hours', 'p90_hours'] as const) {
          if (want.acceptance[k] === null) expect(s.acceptance[k]).toBeNull();
          else expect(s.acceptance[k]).toBeCloseTo(want.acceptance[k], 9);
        }
        expect(s.hours_approved).toBe(want.hours_approved);
        expect(s.approved_submissions).toBe(want.approved_submissions);
        // Each figure's link: the board with the same date filter lists exactly as many.
        for (const on of ['created', 'accepted', 'completed', 'cancelled', 'ended'] as const) {
          const board = await srv.call('GET', `/api/admin/bookings?on=${on}&from=${s.from}&to=${s.to}&limit=1`, { token: admin.token });
          expect(board.body.total, on).toBe(s.totals[on]);
          expect(s.weeks.reduce((n: number, w: Record<string, number>) => n + w[on], 0)).toBe(s.totals[on]);
        }
        const waiting = await srv.call('GET', '/api/admin/bookings?status=waiting&limit=1', { token: admin.token });
        expect(waiting.body.total).toBe(s.waiting_over_24h);
      }),
      { numRuns: 6 },
    );
    // Every stored wait is what a recount gives: the rebuild finds nothing to correct.
    expect(await backfillAcceptWaits({ all: true })).toBe(0);
    expect(await Booking.countDocuments({ accepted_at: { $ne: null }, accept_wait_min: null })).toBe(0);
  }, 240_000);
});
