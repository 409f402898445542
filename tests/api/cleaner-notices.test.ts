// Cleaners hear of cover jobs and of changes to their visits through notify (kind 'changes': e-mail
// and push by their choices, with List-Unsubscribe), one notice per change, never twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visit } from '../../api/src/models/Visit';
import { acceptedPlan, dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';
import { makeEmployee } from './employee-fixtures';

let vs: VisitsServer;
beforeAll(async () => {
  vs = await startVisitsServer({ JOBS_POLL_MS: '0' });
});
afterAll(async () => {
  await vs?.s.close();
});

describe('cleaner notices', () => {
  it('a released visit is offered to every other active cleaner once; the cleaner who released it is not told', async () => {
    const s = vs.s;
    const cast = await acceptedPlan(s, { date: dayAhead(10), time: '10:00' });
    const other = await makeEmployee(s, { name: 'Otto Other' });
    const gone = await makeEmployee(s, { name: 'Gina Gone' });
    const admin = await makeEmployee(s, { role: 'admin' });
    expect((await s.call('PATCH', `/api/admin/staff/${gone.id}`, { token: admin.token, json: { is_active: false } })).status).toBe(200);
    const [v] = await Visit.find({ plan: cast.bookingId }).sort({ start: 1 }).lean();
    expect((await s.call('POST', `/api/employee/visits/${v._id}/release`, { token: cast.cleaner.token })).status).toBe(200);
    await s.deps.jobs.tick();
    const mail = await s.mail.waitFor(other.email, { subject: /Cover job available/ });
    expect(mail.text).toContain('Otto');
    expect(mail.headers['list-unsubscribe']).toBeTruthy();
    await s.deps.jobs.tick();
    expect(s.mail.mails.filter((m) => m.to === other.email && /Cover job/.test(m.subject))).toHaveLength(1);
    expect(s.mail.mails.filter((m) => m.to === cast.cleaner.email && /Cover job/.test(m.subject))).toHaveLength(0);
    expect(s.mail.mails.filter((m) => m.to === gone.email && /Cover job/.test(m.subject))).toHaveLength(0);
    // Taken by Otto: a later tick offers it to nobody else.
    expect((await s.call('POST', `/api/employee/visits/${v._id}/accept`, { token: other.token })).status).toBe(200);
  });

  it("a customer's skip reaches the visit's cleaner once, as a notice they can unsubscribe from", async () => {
    const s = vs.s;
    const cast = await acceptedPlan(s, { date: dayAhead(12), time: '10:00' });
    const [v] = await Visit.find({ plan: cast.bookingId }).sort({ start: 1 }).lean();
    expect((await s.call('POST', `/api/user/visits/${v._id}/skip`, { token: cast.customer.token, headers: { 'Idempotency-Key': 'skip-once-1' } })).status).toBe(
      200,
    );
    // A retry of the same request (the outbox) replays the answer and tells nobody again.
    expect((await s.call('POST', `/api/user/visits/${v._id}/skip`, { token: cast.customer.token, headers: { 'Idempotency-Key': 'skip-once-1' } })).status).toBe(
      200,
    );
    const mail = await s.mail.waitFor(cast.cleaner.email, { subject: /Change to your visits/ });
    expect(mail.text).toMatch(/skipped by the customer/);
    expect(mail.text).toMatch(/unsubscribe\?token=/);
    await s.deps.jobs.tick();
    expect(s.mail.mails.filter((m) => m.to === cast.cleaner.email && /Change to your visits/.test(m.subject))).toHaveLength(1);
  });
});
