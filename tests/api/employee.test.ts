// Employee bookings over real HTTP: available/accept (atomic)/decline, my bookings, submit work and its
// rules, work submissions, stats. Sign-in and profile are in employee-account.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MSG } from '@shared/messages-staff';
import { API_MSG } from '@shared/messages-api';
import { Booking } from '../../api/src/models/Booking';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee } from './employee-fixtures';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
});
afterAll(async () => {
  await srv?.close();
});

describe('available bookings, accept and decline', () => {
  it('lists pending unaccepted bookings (same booked time: newest first) with the customer name, but not their home address, e-mail or phone before accepting', async () => {
    const emp = await makeEmployee(srv);
    const cust = await makeCustomer(srv, { name: 'Anna Avail', phone: '07000 111222', address: '9 Elm Way' });
    const older = await makeBooking(cust.id, { cleaningType: 'Deep' });
    await new Promise((r) => setTimeout(r, 15));
    const newer = await makeBooking(cust.id, { cleaningType: 'Move-out' });
    const taken = await makeBooking(cust.id, { status: 'accepted', accepted_by: (await makeEmployee(srv)).id });

    const res = await srv.call('GET', '/api/employee/available-bookings', { token: emp.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe('string');
    const ids = res.body.bookings.map((b: { id: string; }) => b.id);
    expect(ids).not.toContain(taken);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const row = res.body.bookings.find((b: { id: string; }) => b.id === older);
    expect(row).toMatchObject({
      customer_name: 'Anna Avail',
      // E-mail and phone reach a cleaner only once they have accepted the job.
      customer_email: '',
      propertyType: 'House',
      cleaningType: 'Deep',
      postcode: 'SW1A1AA',
      status: 'pending',
      work_submitted: false,
    });
    expect(row.customer_address).toBeUndefined();
    expect(row.customer_phone).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain(cust.email);
    expect(JSON.stringify(res.body)).not.toContain('07000 111222');
  });

  it('accepts a booking: it leaves the available list, joins my bookings and the customer gets a mail', async () => {
    const emp = await makeEmployee(srv, { name: 'Alex Accept' });
    const cust = await makeCustomer(srv);
    const id = await makeBooking(cust.id);
    const res = await srv.call('POST', `/api/employee/bookings/${id}/accept`, { token: emp.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: STAFF_MSG.accepted, booking: { id, status: 'accepted', customer_email: cust.email } });
    expect(res.body.booking.accepted_at).toBeTruthy();

    const available = await srv.call('GET', '/api/employee/available-bookings', { token: emp.token });
    expect(available.body.bookings.map((b: { id: string; }) => b.id)).not.toContain(id);
    const mine = await srv.call('GET', '/api/employee/my-bookings', { token: emp.token });
    expect(mine.status).toBe(200);
    expect(mine.body.bookings.map((b: { id: string; }) => b.id)).toEqual([id]);

    const mail = await srv.mail.waitFor(cust.email, { subject: /accepted/i });
    expect(mail.text).toContain('Alex Accept');

    const again = await srv.call('POST', `/api/employee/bookings/${id}/accept`, { token: emp.token });
    expect([again.status, again.body.message]).toEqual([409, API_MSG.bookingAlreadyYours]);
  });

  it('lets exactly one of five concurrent accepts win; the others get 409', async () => {
    const crowd = await Promise.all([1, 2, 3, 4, 5].map(() => makeEmployee(srv)));
    const cust = await makeCustomer(srv);
    const id = await makeBooking(cust.id);
    const answers = await Promise.all(crowd.map((e) => srv.call('POST', `/api/employee/bookings/${id}/accept`, { token: e.token })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = crowd[answers.findIndex((r) => r.status === 200)];
    expect(String((await Booking.findById(id).lean())?.accepted_by)).toBe(winner.id);
  });

  it('lets exactly one of two concurrent accepts win; the other gets 409', async () => {
    const [a, b] = await Promise.all([makeEmployee(srv), makeEmployee(srv)]);
    const cust = await makeCustomer(srv);
    for (let round = 0; round < 3; round++) {
      const id = await makeBooking(cust.id);
      const answers = await Promise.all([a, b].map((e) => srv.call('POST', `/api/employee/bookings/${id}/accept`, { token: e.token })));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)?.body.message).toBe(API_MSG.bookingTaken);
      const winner = answers[0].status === 200 ? a : b;
      expect(String((await Booking.findById(id).lean())?.accepted_by)).toBe(winner.id);
    }
  });

  it('answers 404 for a missing booking and 400 for a bad id', async () => {
    const emp = await makeEmployee(srv);
    const missing = await srv.call('POST', '/api/employee/bookings/0123456789abcdef01234567/accept', { token: emp.token });
    expect([missing.status, missing.body.message]).toEqual([404, API_MSG.bookingNotFound]);
    const bad = await srv.call('POST', '/api/employee/bookings/not-an-id/accept', { token: emp.token });
    expect(bad.status).toBe(400);
    const decl = await srv.call('POST', '/api/employee/bookings/0123456789abcdef01234567/decline', { token: emp.token });
    expect(decl.status).toBe(404);
  });

  it('decline hides the booking from that employee only', async () => {
    const [a, b] = await Promise.all([makeEmployee(srv), makeEmployee(srv)]);
    const cust = await makeCustomer(srv);
    const id = await makeBooking(cust.id);
    const res = await srv.call('POST', `/api/employee/bookings/${id}/decline`, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: API_MSG.bookingDeclined });
    const ofA = await srv.call('GET', '/api/employee/available-bookings', { token: a.token });
    const ofB = await srv.call('GET', '/api/employee/available-bookings', { token: b.token });
    expect(ofA.body.bookings.map((x: { id: string; }) => x.id)).not.toContain(id);
    expect(ofB.body.bookings.map((x: { id: string; }) => x.id)).toContain(id);
    expect((await Booking.findById(id).lean())?.status).toBe('pending');
    // Once accepted by someone, it can no longer be declined.
    expect((await srv.call('POST', `/api/employee/bookings/${id}/accept`, { token: b.token })).status).toBe(200);
    const late = await srv.call('POST', `/api/employee/bookings/${id}/decline`, { token: a.token });
    expect(late.status).toBe(409);
  });
});

describe('submit work', () => {
  async function accepted() {
    const emp = await makeEmployee(srv);
    const cust = await makeCustomer(srv, { name: 'Will Work' });
    const id = await makeBooking(cust.id, { postcode: 'N19GU' });
    expect((await srv.call('POST', `/api/employee/bookings/${id}/accept`, { token: emp.token })).status).toBe(200);
    return { emp, cust, id };
  }

  it('enforces hours ≥ 0.5 in 0.5 steps', async () => {
    const { emp, id } = await accepted();
    for (const work_hours of [0.3, 0.75, 0, -1]) {
      const res = await srv.call('POST', `/api/employee/bookings/${id}/submit-work`, { token: emp.token, json: { work_hours, completion_notes: 'x' } });
      expect(res.status, `hours ${work_hours}`).toBe(400);
      expect(res.body.errors.work_hours).toBeTruthy();
    }
    const text = await srv.call('POST', `/api/employee/bookings/${id}/submit-work`, { token: emp.token, json: { work_hours: '2' } });
    expect(text.status).toBe(400);
    expect((await Booking.findById(id).lean())?.work_submitted).toBe(false);
  });

  it('only the employee who accepted it may submit, once; the booking becomes completed', async () => {
    const { emp, id } = await accepted();
    const other = await makeEmployee(srv);
    const stranger = await srv.call('POST', `/api/employee/bookings/${id}/submit-work`, { token: other.token, json: { work_hours: 2 } });
    expect([stranger.status, stranger.body.message]).toEqual([403, API_MSG.bookingNotYours]);

    const ok = await srv.call('POST', `/api/employee/bookings/${id}/submit-work`, {
      token: emp.token,
      json: { work_hours: 2.5, completion_notes: 'All rooms done' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      message: STAFF_MSG.workSubmitted,
      booking: { id, status: 'completed', work_submitted: true, submitted_work_hours: 2.5, completion_notes: 'All rooms done' },
    });
    expect(ok.body.booking.submitted_at).toBeTruthy();

    const twice = await srv.call('POST', `/api/employee/bookings/${id}/submit-work`, { token: emp.token, json: { work_hours: 3 } });
    expect([twice.status, twice.body.message]).toEqual([409, API_MSG.workAlreadySubmitted]);
    const stored = await Booking.findById(id).lean();
    expect([stored?.status, stored?.submitted_work_hours]).toEqual(['completed', 2.5]);

    const mine = await srv.call('GET', '/api/employee/my-bookings', { token: emp.token });
    expect(mine.body.bookings[0]).toMatchObject({ id, status: 'completed', work_submitted: true });
  });

  it('refuses work on a booking nobody accepted', async () => {
    const emp = await makeEmployee(srv);
    const cust = await makeCustomer(srv);
    const id = await makeBooking(cust.id);
    const res = await srv.call('POST', `/api/employee/bookings/${id}/submit-work`, { token: emp.token, json: { work_hours: 1 } });
    expect(res.status).toBe(403);
    expect((await Booking.findById(id).lean())?.status).toBe('pending');
  });

  it('replays the first answer for a repeated Idempotency-Key and writes once', async () => {
    const { emp, id } = await accepted();
    const send = () =>
      srv.call('POST', `/api/employee/bookings/${id}/submit-work`, { token: emp.token, json: { work_hours: 1.5 }, headers: { 'Idempotency-Key': `sw-${id}` } });
    const first = await send();
    const stored = await Booking.findById(id).lean();
    const second = await send();
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect((await Booking.findById(id).lean())?.submitted_at?.getTime()).toBe(stored?.submitted_at?.getTime());
  });

  it('lists my work submissions and lets me (only me) correct one', async () => {
    const { emp, id } = await accepted();
    const other = await makeEmployee(srv);
    await srv.call('POST', `/api/employee/bookings/${id}/submit-work`, { token: emp.token, json: { work_hours: 2, completion_notes: 'first' } });

    const list = await srv.call('GET', '/api/employee/work-submissions', { token: emp.token });
    expect(list.status).toBe(200);
    expect(list.body.submissions).toHaveLength(1);
    expect(list.body.submissions[0]).toMatchObject({
      id,
      booking_id: id,
      work_hours: 2,
      completion_notes: 'first',
      customer_name: 'Will Work',
      postcode: 'N19GU',
    });
    expect((await srv.call('GET', '/api/employee/work-submissions', { token: other.token })).body.submissions).toEqual([]);

    const put = await srv.call('PUT', `/api/employee/work-submissions/${id}`, { token: emp.token, json: { work_hours: 3.5, completion_notes: 'corrected' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ success: true, message: STAFF_MSG.submissionUpdated, submission: { id, work_hours: 3.5, completion_notes: 'corrected' } });

    const bad = await srv.call('PUT', `/api/employee/work-submissions/${id}`, { token: emp.token, json: { work_hours: 0.75 } });
    expect(bad.status).toBe(400);
    const notMine = await srv.call('PUT', `/api/employee/work-submissions/${id}`, { token: other.token, json: { work_hours: 1 } });
    expect(notMine.status).toBe(403);
    const empty = await srv.call('PUT', `/api/employee/work-submissions/${id}`, { token: emp.token, json: {} });
    expect(empty.status).toBe(400);
    expect((await Booking.findById(id).lean())?.submitted_work_hours).toBe(3.5);
  });

  it('will not edit a submission that does not exist yet', async () => {
    const { emp, id } = await accepted();
    const res = await srv.call('PUT', `/api/employee/work-submissions/${id}`, { token: emp.token, json: { work_hours: 1 } });
    expect([res.status, res.body.message]).toEqual([409, API_MSG.noSubmission]);
  });
});

describe('GET /api/employee/stats', () => {
  it('counts accepted bookings in total, this month, last month and the available ones', async () => {
    const emp = await makeEmployee(srv);
    const cust = await makeCustomer(srv);
    const before = (await srv.call('GET', '/api/employee/stats', { token: emp.token })).body.stats;
    expect(before).toMatchObject({ totalAccepted: 0, thisMonthAccepted: 0, lastMonthAccepted: 0 });

    const ids = [await makeBooking(cust.id), await makeBooking(cust.id), await makeBooking(cust.id)];
    for (const id of ids) expect((await srv.call('POST', `/api/employee/bookings/${id}/accept`, { token: emp.token })).status).toBe(200);
    await srv.call('POST', `/api/employee/bookings/${ids[0]}/submit-work`, { token: emp.token, json: { work_hours: 1 } });
    // One of them was accepted in the middle of last month.
    const now = new Date();
    await Booking.updateOne({ _id: ids[2] }, { $set: { accepted_at: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)) } });
    const spare = await makeBooking(cust.id);

    const res = await srv.call('GET', '/api/employee/stats', { token: emp.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.stats).toMatchObject({ totalAccepted: 3, thisMonthAccepted: 2, lastMonthAccepted: 1 });
    expect(res.body.stats.availableCount).toBe(before.availableCount + 1);
    // Declining the spare one lowers this employee's available count.
    await srv.call('POST', `/api/employee/bookings/${spare}/decline`, { token: emp.token });
    expect((await srv.call('GET', '/api/employee/stats', { token: emp.token })).body.stats.availableCount).toBe(before.availableCount);
  });
});
