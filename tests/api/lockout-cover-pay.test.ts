// The cleaner's "Couldn't get in" is in the audit log in words;
// the data copy holds the customer's statements (the same statementOf as the page, with the paid mark);
// a deactivation's cover jobs are announced once to each customer and each other cleaner.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSummary } from '@shared/messages-audit';
import { estimateHours } from '@shared/duration';
import { payPence } from '@shared/pay';
import { monthOfDay } from '@shared/statements';
import { AuditLog } from '../../api/src/models/AuditLog';
import { Visit } from '../../api/src/models/Visit';
import { readZip, jsonEntries } from '../support/zip';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';

let vs: VisitsServer;
let admin: TestEmployee;
beforeAll(async () => {
  vs = await startVisitsServer({ JOBS_POLL_MS: '0' });
  admin = await makeEmployee(vs.s, { role: 'admin', name: 'Ada Admin' });
}, 120_000);
afterAll(async () => {
  await vs?.setOffset(0);
  await vs?.s.close();
});

const visitsOf = async (plan: string) => (await Visit.find({ plan }).sort({ start: 1 }).lean()).map((x) => ({ ...x, id: String(x._id) }));

describe('"Couldn\'t get in" in the audit log', () => {
  it('one entry by the cleaner, on the booking, said in words with the charge and the note; a repeat adds none', async () => {
    const p = await acceptedPlan(vs.s, { date: dayAhead(2) });
    await Visit.updateMany({ plan: p.bookingId }, { $set: { price_pence: 8000 } });
    const [first] = await visitsOf(p.bookingId);
    await vs.setOffset(first.start.getTime() + 10 * 60_000 - Date.now());
    const url = `/api/employee/visits/${first.id}/lockout`;
    expect((await vs.s.call('POST', url, { token: p.cleaner.token, json: { note: 'Key safe code did not work' } })).status).toBe(200);
    expect((await vs.s.call('POST', url, { token: p.cleaner.token, json: {} })).status).toBe(200);
    await vs.setOffset(0);
    const entries = await AuditLog.find({ action: 'visit.lockout', 'target.id': p.bookingId }).lean();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: { id: p.cleaner.id, role: 'employee' }, target: { type: 'booking' }, note: 'Key safe code did not work' });
    // The office reads it in the booking's history, in words.
    const res = await vs.s.call('GET', `/api/admin/audit?target=${p.bookingId}`, { token: admin.token });
    expect(res.status).toBe(200);
    const entry = res.body.entries.find((e: { action: string; }) => e.action === 'visit.lockout');
    const words = auditSummary(entry, {});
    expect(words).toMatch(/^Cleaner couldn’t get in: visit of .+ skipped, £40 charged$/);
    expect(words).not.toContain('visit.lockout');
  });
});

describe('the data copy holds the statements', () => {
  it('statements.json: each month with the lines, totals and paid mark the statement page shows', async () => {
    const p = await acceptedPlan(vs.s, { date: dayAhead(3) });
    await Visit.updateMany({ plan: p.bookingId }, { $set: { price_pence: 8000 } });
    const [first, second] = await visitsOf(p.bookingId);
    await Visit.updateOne({ _id: first._id }, { $set: { state: 'completed' } });
    await Visit.updateOne({ _id: second._id }, { $set: { state: 'skipped', late_charge_pence: 4000, late_charge_at: new Date() } });
    const month = monthOfDay(first.day);
    const paid = await vs.s.call('PUT', '/api/admin/statements/payment', {
      token: admin.token,
      json: { customer_id: p.customer.id, month, paid: true, payment_reference: 'BACS-77' },
    });
    expect(paid.status).toBe(200);

    const res = await fetch(`${vs.s.url}/api/user/data-export`, { headers: { Authorization: `Bearer ${p.customer.token}` } });
    expect(res.status).toBe(200);
    const entries = await readZip(Buffer.from(await res.arrayBuffer()));
    const j = jsonEntries(entries) as Record<string, any>;
    expect(entries.get('README.txt')!.toString()).toMatch(/statements\.json\n {2}Your monthly statements/);
    const months: Array<Record<string, any>> = j['statements.json'];
    const months2 = [...new Set((await visitsOf(p.bookingId)).map((v) => monthOfDay(v.day)))].sort();
    expect(months.map((m) => m.month)).toEqual(months2);
    for (const m of months) {
      const page = await vs.s.call('GET', `/api/user/statements?month=${m.month}`, { token: p.customer.token });
      const st = page.body.statement;
      expect(m).toMatchObject({
        counts: st.counts,
        visits_pence: st.visits_pence,
        charges_pence: st.charges_pence,
        vat_pence: st.vat_pence,
        total_pence: st.total_pence,
        owed_pence: page.body.owed_pence,
      });
      expect(m.lines).toEqual(st.lines.map(({ visit: _v, ...l }: Record<string, unknown>) => l));
      expect(m.payment.paid).toBe(page.body.payment.paid);
    }
    const mine = months.find((m) => m.month === month)!;
    expect(mine.payment).toMatchObject({ paid: true, payment_reference: 'BACS-77' });
    const charged = mine.lines.filter((l: { net_pence: number; }) => l.net_pence > 0).map((l: { kind: string; net_pence: number; }) => [l.kind, l.net_pence]);
    expect(charged).toEqual(monthOfDay(second.day) === month ? [['visit', 8000], ['charge', 4000]] : [['visit', 8000]]);
  });
});

describe('a deactivation announces its cover jobs', () => {
  it('each customer told once (all their visits in one notice), each other active cleaner offered them once; not the one deactivated; nothing twice', async () => {
    const s = vs.s;
    const p = await acceptedPlan(s, { date: dayAhead(5), time: '10:00' });
    const q = await acceptedPlan(s, { date: dayAhead(6), time: '11:00', name: 'Quinn Cleaner' });
    const leaving = await makeEmployee(s, { name: 'Lena Leaving' });
    // Lena was given two of p's visits and one of q's by the office (cover jobs she took, or a reassign).
    const [p1, p2] = await visitsOf(p.bookingId);
    const [q1] = await visitsOf(q.bookingId);
    await Visit.updateMany({ _id: { $in: [p1._id, p2._id, q1._id] } }, { $set: { employee: new mongoose.Types.ObjectId(leaving.id) } });
    const seen = s.mail.mails.length;
    const res = await s.call('PATCH', `/api/admin/staff/${leaving.id}`, { token: admin.token, json: { is_active: false } });
    expect(res.status).toBe(200);
    expect(await Visit.countDocuments({ _id: { $in: [p1._id, p2._id, q1._id] }, employee: null, needs_cover: true })).toBe(3);
    await s.deps.jobs.tick();
    await s.deps.jobs.tick();
    const toP = await s.mail.waitFor(p.customer.email, { subject: /finding a new cleaner/, after: seen });
    expect(toP.text).toContain('these visits');
    expect((toP.text.match(/^- /gm) ?? []).length).toBe(2);
    const toQ = await s.mail.waitFor(q.customer.email, { subject: /finding a new cleaner/, after: seen });
    expect((toQ.text.match(/^- /gm) ?? []).length).toBe(1);
    const offer = await s.mail.waitFor(p.cleaner.email, { subject: /3 cover jobs are available/, after: seen });
    expect((offer.text.match(/^- /gm) ?? []).length).toBe(3);
    await s.mail.waitFor(q.cleaner.email, { subject: /3 cover jobs are available/, after: seen });
    // Again (a second PATCH, the runner ticking): nothing more.
    expect((await s.call('PATCH', `/api/admin/staff/${leaving.id}`, { token: admin.token, json: { is_active: false } })).status).toBe(200);
    await s.deps.jobs.tick();
    await new Promise((r) => setTimeout(r, 200));
    const after = s.mail.mails.slice(seen);
    const count = (to: string, re: RegExp) => after.filter((m) => m.to.includes(to) && re.test(m.subject)).length;
    expect(count(p.customer.email, /finding a new cleaner/)).toBe(1);
    expect(count(q.customer.email, /finding a new cleaner/)).toBe(1);
    expect(count(p.cleaner.email, /cover jobs? (?:is|are) available/)).toBe(1);
    expect(count(leaving.email, /cover job/)).toBe(0);
    // Taking one tells its customer who comes instead (the needs-cover flag), as for time off.
    expect((await s.call('POST', `/api/employee/visits/${q1.id}/accept`, { token: p.cleaner.token })).status).toBe(200);
    await s.mail.waitFor(q.customer.email, { subject: /^Your cleaner for/, after: seen + after.length });
  });
});

describe("available jobs show the reader's pay", () => {
  it('each available booking and cover job carries expected_hours and pay_pence = hours × the reader’s rate (shared payPence); no rate: null', async () => {
    const s = vs.s;
    const paid = await makeEmployee(s, { name: 'Pat Paid' });
    const unpaid = await makeEmployee(s, { name: 'Una Unrated' });
    expect((await s.call('PATCH', `/api/admin/staff/${paid.id}`, { token: admin.token, json: { pay_rate_pence: 1275 } })).status).toBe(200);
    const customer = await makeCustomer(s);
    const bookingId = await makeBooking(customer.id, { bedrooms: '3', bathrooms: '2', bestDays: `${dayAhead(9)}T10:00` });
    const list = await s.call('GET', '/api/employee/available-bookings?limit=50', { token: paid.token });
    const mine = list.body.bookings.find((b: { id: string; }) => b.id === bookingId);
    expect(mine).toMatchObject({ expected_hours: estimateHours('3', '2'), pay_pence: payPence(estimateHours('3', '2'), 1275) });
    expect(mine.pay_pence).toBe(Math.round(3.5 * 1275));
    const theirs = (await s.call('GET', '/api/employee/available-bookings?limit=50', { token: unpaid.token })).body.bookings.find((b: { id: string; }) =>
      b.id === bookingId
    );
    expect(theirs.pay_pence).toBeNull();

    const p = await acceptedPlan(s, { date: dayAhead(10) });
    const [v] = await visitsOf(p.bookingId);
    expect((await s.call('POST', `/api/employee/visits/${v.id}/release`, { token: p.cleaner.token })).status).toBe(200);
    const cover = await s.call('GET', '/api/employee/available-visits?limit=50', { token: paid.token });
    const job = cover.body.visits.find((x: { id: string; }) => x.id === v.id);
    expect(job.pay_pence).toBe(payPence(job.expected_hours, 1275));
    expect(job.pay_pence).toBeGreaterThan(0);
  });
});
