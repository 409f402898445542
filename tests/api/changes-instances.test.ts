// Two API instances on one database: two offices change the same visit (as each saw it) on both at once. One change
// wins, and each person it affects is told once — not once per instance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visit } from '../../api/src/models/Visit';
import type { Instance } from '../support/instances';
import { mailsTo as mailsOf, startTwoInstances, stopTwoInstances } from './two-instances-fixtures';
import { makeEmployee, type TestEmployee } from './employee-fixtures';
import { acceptedPlan, dayAhead, type VisitsServer } from './visits-fixtures';

let vs: VisitsServer;
let second: Instance;
let admin: TestEmployee;
beforeAll(async () => {
  ({ vs, second, admin } = await startTwoInstances('sc-changes-second-'));
}, 60_000);
afterAll(() => stopTwoInstances(vs));
const mailsTo = (to: string, after: number) => mailsOf(vs, to, after);

describe('a change made on two instances at once', () => {
  it('is made once and told once to each person', async () => {
    const p = await acceptedPlan(vs.s, { date: dayAhead(4), name: 'Cara Clean' });
    await vs.s.mail.waitFor(p.customer.email, { subject: /accepted/ });
    const dan = await makeEmployee(vs.s, { name: 'Dan Duster' });
    const [v] = await Visit.find({ plan: p.bookingId }).sort({ start: 1 }).lean();
    const seen = vs.s.mail.mails.length;
    const patch = (base: string) =>
      fetch(`${base}/api/admin/visits/${String(v._id)}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ employee_id: dan.id, scope: 'this', version: v.version }),
      }).then((r) => r.status);
    const statuses = await Promise.all([patch(vs.s.url), patch(second.url)]);
    expect(statuses.sort()).toEqual([200, 409]);
    const toDan = await mailsTo(dan.email, seen);
    const toCara = await mailsTo(p.cleaner.email, seen);
    const toCustomer = await mailsTo(p.customer.email, seen);
    expect(toDan.map((m) => m.subject)).toEqual([expect.stringMatching(/^Now yours/)]);
    expect(toCara.map((m) => m.subject)).toEqual([expect.stringMatching(/^No longer yours/)]);
    expect(toCustomer.map((m) => m.subject)).toEqual([expect.stringMatching(/^Change to your visit/)]);
  });
});
