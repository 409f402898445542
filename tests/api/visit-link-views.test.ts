// A visit link shows the visit (its time, the cleaner's first name, the address) only while it is
// still good: a used, expired, outdated or closed one answers why, in words alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../api/src/models/Booking';
import { Visit, type VisitDoc } from '../../api/src/models/Visit';
import { VisitLinkUse } from '../../api/src/models/VisitLinkUse';
import { readVisitLinkToken, visitLinkToken } from '../../api/src/services/plans/visit-links';
import { acceptedPlan, dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
let visit: VisitDoc;
const DAY = 86_400_000;

beforeAll(async () => {
  v = await startVisitsServer({ JOBS_POLL_MS: '0' });
  const p = await acceptedPlan(v.s, { date: dayAhead(10), name: 'Cleo Cleaner' });
  await Booking.updateOne({ _id: p.bookingId }, { $set: { address: '7 Secret Mews' } });
  visit = (await Visit.find({ plan: p.bookingId }).sort({ start: 1 }).lean<VisitDoc[]>())[1];
});
afterAll(async () => {
  await v?.s.close();
});

const token = (over: { start?: number; expires?: number; } = {}) =>
  visitLinkToken(v.s.deps.config.jwtSecret, {
    visitId: String(visit._id),
    purpose: 'skip',
    start: over.start ?? visit.start.getTime(),
    expires: over.expires ?? visit.start.getTime() - DAY,
  });
const view = async (t: string) => (await v.s.call('GET', `/api/visit-links/${encodeURIComponent(t)}`)).body;

describe('a visit link’s page', () => {
  it('a good link shows the visit', async () => {
    const body = await view(token());
    expect(body.status).toBe('ok');
    expect(body.visit).toMatchObject({ cleaner_first_name: 'Cleo', address: expect.stringContaining('7 Secret Mews') });
  });

  it('an expired, used or outdated link does not', async () => {
    const used = token();
    await VisitLinkUse.create({ _id: readVisitLinkToken(v.s.deps.config.jwtSecret, used)!.nonce, visit: visit._id, purpose: 'skip', used_at: new Date() });
    const cases: Array<[string, string]> = [
      ['expired', token({ expires: Date.now() - 1000 })],
      ['used', used],
      ['changed', token({ start: visit.start.getTime() - 3600_000 })],
    ];
    for (const [status, t] of cases) {
      const body = await view(t);
      expect(body.status, status).toBe(status);
      expect(body.visit, status).toBeUndefined();
      expect(JSON.stringify(body), status).not.toMatch(/Secret Mews|Cleo/);
    }
  });
});
