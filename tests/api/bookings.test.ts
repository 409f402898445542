// A customer's own bookings over real HTTP: create (with its mail), list, pending-only edit/delete, ownership, races.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { startTestServer, type TestServer } from '../support/test-server';
import { bookingInput, insertCustomer, type TestCustomer } from '../support/customers';
import { Booking } from '../../api/src/models/Booking';
import { sendBookingAcceptedMail } from '../../api/src/services/bookings/booking-mail';
import { MSG } from '@shared/messages';
import { CUSTOMER_MSG } from '@shared/messages-customer';
import { API_MSG } from '@shared/messages-api';
import { makeCustomer, makeEmployee } from './employee-fixtures';

let s: TestServer;
let alice: TestCustomer;
let bob: TestCustomer;
beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4' });
  alice = await insertCustomer(s, { name: 'Alice' });
  bob = await insertCustomer(s, { name: 'Bob' });
});
afterAll(async () => {
  await s?.close();
});

const create = (c: TestCustomer, json: Record<string, unknown> = bookingInput()) => s.call('POST', '/api/user/bookings', { token: c.token, json });
async function createdId(c: TestCustomer, json?: Record<string, unknown>): Promise<string> {
  const res = await create(c, json);
  expect(res.status).toBe(201);
  return res.body.bookingId;
}
/** What an employee accepting does: one conditional write on a pending booking. */
const accept = (id: string) =>
  Booking.findOneAndUpdate({ _id: id, status: 'pending' }, {
    $set: { status: 'accepted', accepted_by: new mongoose.Types.ObjectId(), accepted_at: new Date() },
  }, { returnDocument: 'after' }).lean();

describe('create', () => {
  it('answers 201 with booking and bookingId, stores it for me, and mails a confirmation', async () => {
    const seen = s.mail.mails.length;
    const input = bookingInput({ postcode: 'SW1A1AA' });
    const res = await create(alice, input);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: MSG.bookingConfirmed, booking: { ...input, status: 'pending' } });
    expect(res.body.bookingId).toBe(res.body.booking.id);
    expect(Date.parse(res.body.booking.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const stored = await Booking.findById(res.body.bookingId).lean();
    expect(String(stored?.user)).toBe(alice.id);
    const mail = await s.mail.waitFor(alice.email, { after: seen, subject: /booking received/ });
    expect(mail.text).toContain(`Reference: ${res.body.booking.reference}`);
    expect(mail.subject).toContain(res.body.booking.reference);
    expect(mail.text).toContain('Postcode: SW1A 1AA');
  });

  it('still creates the booking when the confirmation mail fails', async () => {
    const original = s.deps.mailer.send;
    s.deps.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await create(alice);
      expect(res.status).toBe(201);
      expect(await Booking.exists({ _id: res.body.bookingId })).not.toBeNull();
    } finally {
      s.deps.mailer.send = original;
    }
  });

  it('refuses a preferred date in the past, storing nothing', async () => {
    const before = await Booking.countDocuments({ user: alice.id });
    const res = await create(alice, bookingInput({ bestDays: '2020-01-01T10:00' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.dateInPast);
    expect(res.body.errors.bestDays).toBe(MSG.dateInPast);
    expect(await Booking.countDocuments({ user: alice.id })).toBe(before);
  });

  it('refuses missing answers, a status or user field, and a bad postcode', async () => {
    const { postcode: _omit, ...missing } = bookingInput();
    for (const json of [missing, bookingInput({ status: 'accepted' }), bookingInput({ user: bob.id }), bookingInput({ postcode: 'EC1A 1BB!' })]) {
      const res = await create(alice, json);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('the service address and contact phone a booking was made for', () => {
  it('are kept on the booking: the customer and the cleaner see them, and a later profile edit changes neither', async () => {
    const cust = await makeCustomer(s, { phone: '07000 000001', address: '1 Old Road' });
    const emp = await makeEmployee(s);
    const res = await s.call('POST', '/api/user/bookings', {
      token: cust.token,
      json: bookingInput({ phone: '07000 222333', address: '5 New Street, Leeds' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.booking).toMatchObject({ phone: '07000 222333', address: '5 New Street, Leeds' });
    const edit = await s.call('PUT', '/api/user/profile', { token: cust.token, json: { phone: '07999 999999', address: '99 Moved Lane' } });
    expect(edit.status).toBe(200);

    const mine = await s.call('GET', '/api/user/bookings', { token: cust.token });
    expect(mine.body.bookings.find((b: { id: string; }) => b.id === res.body.bookingId)).toMatchObject({
      phone: '07000 222333',
      address: '5 New Street, Leeds',
    });
    // The address, e-mail and phone reach a cleaner only once they have accepted the job.
    const available = await s.call('GET', '/api/employee/available-bookings', { token: emp.token });
    const listed = available.body.bookings.find((b: { id: string; }) => b.id === res.body.bookingId);
    expect(listed.customer_phone).toBeUndefined();
    expect(listed.customer_address).toBeUndefined();
    const accepted = await s.call('POST', `/api/employee/bookings/${res.body.bookingId}/accept`, { token: emp.token });
    expect(accepted.body.booking).toMatchObject({ customer_phone: '07000 222333', customer_address: '5 New Street, Leeds' });
  });

  it('falls back to the profile for a booking made without them (older clients)', async () => {
    const cust = await makeCustomer(s, { phone: '07000 444555', address: '7 Profile Close' });
    const emp = await makeEmployee(s);
    const res = await s.call('POST', '/api/user/bookings', { token: cust.token, json: bookingInput() });
    expect(res.status).toBe(201);
    const accepted = await s.call('POST', `/api/employee/bookings/${res.body.bookingId}/accept`, { token: emp.token });
    expect(accepted.body.booking).toMatchObject({ customer_phone: '07000 444555', customer_address: '7 Profile Close' });
  });

  it('refuses an over-long address, storing nothing', async () => {
    const before = await Booking.countDocuments({ user: alice.id });
    const res = await create(alice, bookingInput({ address: 'x'.repeat(301) }));
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(await Booking.countDocuments({ user: alice.id })).toBe(before);
  });
});

describe('list', () => {
  it('shows only my bookings, newest first', async () => {
    const carol = await insertCustomer(s);
    const first = await createdId(carol, bookingInput({ postcode: 'AAA1' }));
    await new Promise((r) => setTimeout(r, 15));
    const second = await createdId(carol, bookingInput({ postcode: 'BBB2' }));
    await createdId(bob);
    const res = await s.call('GET', '/api/user/bookings', { token: carol.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.bookings.map((b: { id: string; }) => b.id)).toEqual([second, first]);
  });
});

describe('edit and delete', () => {
  it('edits my pending booking', async () => {
    const id = await createdId(alice);
    const when = new Date(Date.now() + 9 * 86400_000).toISOString().slice(0, 16);
    const res = await s.call('PUT', `/api/user/bookings/${id}`, { token: alice.token, json: { bestDays: when, supplies: 'Not sure yet', postcode: 'N11AA' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: CUSTOMER_MSG.bookingUpdated,
      booking: { id, bestDays: when, supplies: 'Not sure yet', postcode: 'N11AA', status: 'pending' },
    });
    expect((await Booking.findById(id).lean())?.postcode).toBe('N11AA');
  });

  it("answers 404 for someone else's booking and leaves it alone", async () => {
    const id = await createdId(alice, bookingInput({ postcode: 'KEEP1' }));
    const put = await s.call('PUT', `/api/user/bookings/${id}`, { token: bob.token, json: { postcode: 'STOLEN' } });
    expect(put.status).toBe(404);
    const del = await s.call('DELETE', `/api/user/bookings/${id}`, { token: bob.token });
    expect(del.status).toBe(404);
    // Same answer as for a booking that does not exist at all.
    const ghost = await s.call('DELETE', `/api/user/bookings/${new mongoose.Types.ObjectId()}`, { token: bob.token });
    expect(ghost.status).toBe(404);
    expect(ghost.body.message).toBe(del.body.message);
    expect((await Booking.findById(id).lean())?.postcode).toBe('KEEP1');
  });

  it('answers 409 for a booking that is no longer pending, for edit and delete', async () => {
    for (const status of ['accepted', 'completed', 'rejected']) {
      const id = await createdId(alice, bookingInput({ postcode: 'FIXED1' }));
      await Booking.updateOne({ _id: id }, { $set: { status } });
      const put = await s.call('PUT', `/api/user/bookings/${id}`, { token: alice.token, json: { postcode: 'CHANGED' } });
      expect(put.status).toBe(409);
      expect(put.body.message).toBe(API_MSG.bookingNotEditable);
      const del = await s.call('DELETE', `/api/user/bookings/${id}`, { token: alice.token });
      expect(del.status).toBe(409);
      const stored = await Booking.findById(id).lean();
      expect(stored?.postcode).toBe('FIXED1');
      expect(stored?.status).toBe(status);
    }
  });

  it('refuses an edit to a past date or of a field that is not editable', async () => {
    const id = await createdId(alice);
    expect((await s.call('PUT', `/api/user/bookings/${id}`, { token: alice.token, json: { bestDays: '2001-01-01T09:00' } })).status).toBe(400);
    expect((await s.call('PUT', `/api/user/bookings/${id}`, { token: alice.token, json: { status: 'completed' } })).status).toBe(400);
    expect((await s.call('PUT', `/api/user/bookings/${id}`, { token: alice.token, json: {} })).status).toBe(400);
    expect((await Booking.findById(id).lean())?.status).toBe('pending');
  });

  it('accepts best days as free text or as calendar + time, and refuses a calendar day in the past', async () => {
    const id = await createdId(alice);
    for (const bestDays of ['Mondays and Thursdays at 09:00', '2099-02-03 at 14:30']) {
      const res = await s.call('PUT', `/api/user/bookings/${id}`, { token: alice.token, json: { bestDays } });
      expect(res.status).toBe(200);
      expect(res.body.booking.bestDays).toBe(bestDays);
    }
    const past = await s.call('PUT', `/api/user/bookings/${id}`, { token: alice.token, json: { bestDays: '2001-01-01 at 09:00' } });
    expect(past.status).toBe(400);
    expect((await Booking.findById(id).lean())?.bestDays).toBe('2099-02-03 at 14:30');
  });

  it('deletes my pending booking', async () => {
    const id = await createdId(alice);
    const res = await s.call('DELETE', `/api/user/bookings/${id}`, { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: CUSTOMER_MSG.bookingDeleted });
    expect(await Booking.exists({ _id: id })).toBeNull();
    expect((await s.call('DELETE', `/api/user/bookings/${id}`, { token: alice.token })).status).toBe(404);
  });
});

describe('races with an employee accepting', () => {
  it('an edit never lands after the accept: the accepted booking keeps what the employee saw', async () => {
    for (let i = 0; i < 12; i++) {
      const id = await createdId(alice, bookingInput({ postcode: 'BEFORE1' }));
      const [put, accepted] = await Promise.all([
        s.call('PUT', `/api/user/bookings/${id}`, { token: alice.token, json: { postcode: `AFTER${i}` } }),
        accept(id),
      ]);
      expect(accepted?.status).toBe('accepted');
      const final = await Booking.findById(id).lean();
      expect(final?.status).toBe('accepted');
      expect(final?.postcode).toBe(accepted?.postcode);
      if (put.status === 200) expect(accepted?.postcode).toBe(`AFTER${i}`);
      else expect(put.status).toBe(409);
    }
  });

  it('a delete and an accept never both succeed', async () => {
    for (let i = 0; i < 12; i++) {
      const id = await createdId(alice);
      const [del, accepted] = await Promise.all([s.call('DELETE', `/api/user/bookings/${id}`, { token: alice.token }), accept(id)]);
      const exists = await Booking.exists({ _id: id });
      if (del.status === 200) {
        expect(accepted).toBeNull();
        expect(exists).toBeNull();
      } else {
        expect(del.status).toBe(409);
        expect(accepted?.status).toBe('accepted');
        expect(exists).not.toBeNull();
      }
    }
  });
});

describe('sendBookingAcceptedMail (for the employee accept route)', () => {
  it("mails the booking's customer with the employee's name, and resolves false instead of throwing on failure", async () => {
    const id = await createdId(alice);
    const booking = await Booking.findById(id).lean();
    const seen = s.mail.mails.length;
    expect(await sendBookingAcceptedMail(s.deps, booking!, { name: 'Erin Employee' })).toBe(true);
    const mail = await s.mail.waitFor(alice.email, { after: seen, subject: /accepted/ });
    expect(mail.text).toContain('Erin Employee');
    expect(mail.text).toContain(`Reference: ${booking!.reference}`);
    const original = s.deps.mailer.send;
    s.deps.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      expect(await sendBookingAcceptedMail(s.deps, booking!, { name: 'Erin Employee' })).toBe(false);
    } finally {
      s.deps.mailer.send = original;
    }
  });
});
