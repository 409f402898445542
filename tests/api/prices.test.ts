// Prices and the customer's agreement: the price list (versioned, audited, super-admin only),
// POST /api/quote = the shared rule, a booking's quote kept when the list changes, the office's price
// mailed and shown, the 14-day rule, and a cancel within the 14 days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_LIST, priceOf, type PriceAnswers, type PriceList } from '@shared/pricing';
import { PRICE_MSG } from '@shared/messages-prices';
import { AuditLog } from '../../api/src/models/AuditLog';
import { Visit } from '../../api/src/models/Visit';
import { bookingInput } from '../support/customers';
import { makeCustomer, makeEmployee } from './employee-fixtures';
import { officeCast, type OfficeCast } from './admin-fixtures';
import { dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
let cast: OfficeCast;
beforeAll(async () => {
  v = await startVisitsServer();
  cast = await officeCast(v.s);
});
afterAll(() => v?.s.close());

const answers = (b: Record<string, unknown>): PriceAnswers => {
  const { propertyType, frequency, bedrooms, bathrooms, receptions, cleaningType, supplies } = b as unknown as PriceAnswers;
  return { propertyType, frequency, bedrooms, bathrooms, receptions, cleaningType, supplies };
};
const at = (days: number) => `${dayAhead(days)}T10:00`;

async function book(token: string, overrides: Record<string, unknown> = {}) {
  const res = await v.s.call('POST', '/api/user/bookings', { token, json: bookingInput({ bestDays: at(20), ...overrides }) });
  return res;
}

describe('the price list and quotes', () => {
  it('answers the seeded defaults (version 0) with the cancellation terms, and quotes by the shared rule', async () => {
    const list = await v.s.call('GET', '/api/price-list');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ list: DEFAULT_PRICE_LIST, version: 0, change_cutoff: '18:00', late_change_charge_percent: 50 });
    const cases = [
      bookingInput(),
      bookingInput({ frequency: 'One-time clean', cleaningType: 'Deep', bedrooms: '5+' }),
      bookingInput({ supplies: 'Please bring supplies and equipment', receptions: '4 +' }),
    ];
    for (const c of cases) {
      const q = await v.s.call('POST', '/api/quote', { json: answers(c) });
      expect(q.status).toBe(200);
      const { kind, ...rest } = priceOf(answers(c), DEFAULT_PRICE_LIST) as Extract<ReturnType<typeof priceOf>, { kind: 'price'; }>;
      expect(q.body).toMatchObject({
        kind,
        hours: rest.hours,
        pence_per_visit: rest.pence_per_visit,
        pence_per_4_weeks: rest.pence_per_4_weeks,
        price_list_version: 0,
      });
    }
    const other = await v.s.call('POST', '/api/quote', { json: answers(bookingInput({ bedrooms: 'A castle' })) });
    expect(other.body).toMatchObject({ kind: 'confirm', price_list_version: 0 });
    expect(other.body.pence_per_visit).toBeUndefined();
  });

  it('refuses a bad or oversized quote body with a clear 4xx', async () => {
    const missing = await v.s.call('POST', '/api/quote', { json: { frequency: 'Weekly' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/required/i);
    const big = await v.s.call('POST', '/api/quote', { json: { ...answers(bookingInput()), pad: 'x'.repeat(20_000) } });
    expect(big.status).toBe(413);
  });

  it('lets only a super-admin save a new version (audited; a stale edit is 409; bad input 400, nothing saved)', async () => {
    const changed: PriceList = { ...DEFAULT_PRICE_LIST, hourly_pence: 2400 };
    expect((await v.s.call('GET', '/api/admin/price-list', { token: cast.admin.token })).body.version).toBe(0);
    const byAdmin = await v.s.call('PUT', '/api/admin/price-list', { token: cast.admin.token, json: { list: changed, based_on: 0 } });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe(PRICE_MSG.superAdminOnly);
    const bad = await v.s.call('PUT', '/api/admin/price-list', {
      token: cast.superAdmin.token,
      json: { list: { ...changed, hours_table: [[2]] }, based_on: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(PRICE_MSG.tableShape);
    expect((await v.s.call('GET', '/api/price-list')).body.version).toBe(0);
    // A booking priced by version 0, before the change.
    const customer = await makeCustomer(v.s);
    const before = await book(customer.token);
    expect(before.status).toBe(201);
    expect(before.body.booking.quote).toMatchObject({ kind: 'price', hours: 4, pence_per_visit: 7700, price_list_version: 0 });

    const saved = await v.s.call('PUT', '/api/admin/price-list', { token: cast.superAdmin.token, json: { list: changed, based_on: 0 } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, list: changed, saved_by: cast.superAdmin.name });
    const stale = await v.s.call('PUT', '/api/admin/price-list', { token: cast.superAdmin.token, json: { list: DEFAULT_PRICE_LIST, based_on: 0 } });
    expect(stale.status).toBe(409);
    const audit = await AuditLog.findOne({ action: 'price_list.save' }).lean();
    expect(audit).toMatchObject({ target: { type: 'price_list', id: '1' }, before: { hourly_pence: 2000 }, after: { hourly_pence: 2400 } });

    // The new list prices new quotes and bookings; the earlier booking keeps its quote and version.
    const q = await v.s.call('POST', '/api/quote', { json: answers(bookingInput()) });
    // 4 h × £24 − 10 % + £5 supplies.
    expect(q.body).toMatchObject({ pence_per_visit: 9140, price_list_version: 1 });
    const after = await book(customer.token);
    expect(after.body.booking.quote).toMatchObject({ pence_per_visit: 9140, price_list_version: 1 });
    const mine = await v.s.call('GET', '/api/user/bookings', { token: customer.token });
    const old = mine.body.bookings.find((b: { id: string; }) => b.id === before.body.bookingId);
    expect(old).toMatchObject({ quote: { pence_per_visit: 7700, price_list_version: 0 }, price_pence: 7700, price_confirmed: false });
  });
});

describe('the customer agreement', () => {
  it('refuses a first visit on day 3 without the tick (400, nothing stored), allows it with the tick, and day 15 without', async () => {
    const customer = await makeCustomer(v.s);
    const refused = await book(customer.token, { bestDays: at(3), start_within_14_days: undefined });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PRICE_MSG.startEarlyRequired);
    expect(refused.body.errors.start_within_14_days).toBe(PRICE_MSG.startEarlyRequired);
    expect((await v.s.call('GET', '/api/user/bookings', { token: customer.token })).body.total).toBe(0);
    const unticked = await book(customer.token, { bestDays: at(3), start_within_14_days: false });
    expect(unticked.status).toBe(400);
    const ticked = await book(customer.token, { bestDays: at(3), start_within_14_days: true });
    expect(ticked.status).toBe(201);
    expect(ticked.body.booking.start_within_14_days).toBe(true);
    const day15 = await book(customer.token, { bestDays: at(15), start_within_14_days: undefined });
    expect(day15.status).toBe(201);
    expect(day15.body.booking.start_within_14_days).toBe(false);
  });

  it('a free-text time without the tick: whoever sets the first visit cannot put it before day 15', async () => {
    const customer = await makeCustomer(v.s);
    const cleaner = await makeEmployee(v.s, { name: 'Fay Free' });
    const booked = await book(customer.token, { bestDays: 'Mondays after 10', start_within_14_days: false });
    expect(booked.status).toBe(201);
    const id = booked.body.bookingId;
    const early = await v.s.call('POST', `/api/employee/bookings/${id}/accept`, {
      token: cleaner.token,
      json: { first_visit: { date: dayAhead(3), time: '10:00' } },
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(PRICE_MSG.firstVisitFrom(dayAhead(15)));
    const from15 = await v.s.call('POST', `/api/employee/bookings/${id}/accept`, {
      token: cleaner.token,
      json: { first_visit: { date: dayAhead(15), time: '10:00' } },
    });
    expect(from15.status).toBe(200);
  });

  it('mails the agreement with the booking: price, cancellation rule, trader, the 14-day right and the model form', async () => {
    const customer = await makeCustomer(v.s);
    const seen = v.s.mail.mails.length;
    expect((await book(customer.token, { bestDays: at(3), start_within_14_days: true })).status).toBe(201);
    const mail = await v.s.mail.waitFor(customer.email, { subject: /received/i, after: seen });
    expect(mail.text).toContain('Price: £91.40 per visit (£365.60 per 4 weeks).');
    expect(mail.text).toContain(PRICE_MSG.cancellationRule('18:00', 50));
    expect(mail.text).toMatch(/Who you are booking with: SparkleClean, .+ E-mail /);
    expect(mail.text).toContain('within 14 days without giving any reason');
    expect(mail.text).toContain('/terms#cancellation-form');
    expect(mail.text).toContain('You asked us to start within the 14-day cancellation period');
  });

  it('the office confirms a changed price when it assigns: mailed, shown in My Bookings, carried by each visit; a later change follows to visits not done', async () => {
    const customer = await makeCustomer(v.s);
    const cleaner = await makeEmployee(v.s, { name: 'Pia Price' });
    const booked = await book(customer.token, { bestDays: at(16) });
    const id = booked.body.bookingId;
    const seen = v.s.mail.mails.length;
    const assigned = await v.s.call('POST', `/api/admin/bookings/${id}/assign`, {
      token: cast.admin.token,
      json: { employeeId: cleaner.id, pence_per_visit: 8000 },
    });
    expect(assigned.status).toBe(200);
    const mail = await v.s.mail.waitFor(customer.email, { subject: /price/i, after: seen });
    expect(mail.text).toContain(PRICE_MSG.priceChanged(booked.body.booking.reference, 9140, 8000));
    const mine = await v.s.call('GET', '/api/user/bookings', { token: customer.token });
    expect(mine.body.bookings[0]).toMatchObject({ id, price_pence: 8000, price_confirmed: true, quote: { pence_per_visit: 9140 } });
    const visits = await Visit.find({ plan: id }).lean();
    expect(visits.length).toBeGreaterThan(2);
    expect(visits.every((x) => x.price_pence === 8000)).toBe(true);

    // One visit done at 80.00; the office then changes the price: only the visits not done follow.
    await Visit.updateOne({ _id: visits[0]._id }, { $set: { state: 'completed' } });
    const bad = await v.s.call('PUT', `/api/admin/bookings/${id}/price`, { token: cast.admin.token, json: { pence_per_visit: 12.5 } });
    expect(bad.status).toBe(400);
    const seen2 = v.s.mail.mails.length;
    const changed = await v.s.call('PUT', `/api/admin/bookings/${id}/price`, { token: cast.admin.token, json: { pence_per_visit: 8500 } });
    expect(changed.status).toBe(200);
    expect((await v.s.mail.waitFor(customer.email, { subject: /price/i, after: seen2 })).text).toContain('from £80 to £85 per visit');
    const after = await Visit.find({ plan: id }).sort({ start: 1 }).lean();
    expect(after[0].price_pence).toBe(8000);
    expect(after.slice(1).every((x) => x.price_pence === 8500)).toBe(true);
    expect(await AuditLog.exists({ action: 'booking.price', 'target.id': id })).toBeTruthy();
  });

  it('cancels within 14 days: the visits done are charged, nothing else; again or after the 14 days is 409', async () => {
    const customer = await makeCustomer(v.s);
    const cleaner = await makeEmployee(v.s, { name: 'Cal Cancel' });
    const booked = await book(customer.token, { bestDays: at(2), start_within_14_days: true, frequency: 'Twice a week' });
    const id = booked.body.bookingId;
    expect((await v.s.call('POST', `/api/employee/bookings/${id}/accept`, { token: cleaner.token })).status).toBe(200);
    const visits = await Visit.find({ plan: id }).sort({ start: 1 }).lean();
    await Visit.updateOne({ _id: visits[0]._id }, { $set: { state: 'completed' } });
    const other = await makeCustomer(v.s);
    expect((await v.s.call('POST', `/api/user/bookings/${id}/cancel-within-14-days`, { token: other.token })).status).toBe(404);

    const res = await v.s.call('POST', `/api/user/bookings/${id}/cancel-within-14-days`, { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body.charge_pence).toBe(visits[0].price_pence);
    expect(res.body.message).toBe(PRICE_MSG.cancel14Done(visits[0].price_pence!));
    // Its own state, not the office's `rejected`: who cancelled it and when are said.
    expect(res.body.booking).toMatchObject({
      status: 'cancelled',
      state: 'cancelled',
      ended_by: 'customer',
      cancelled_within_14_days: true,
      cancel_charge_pence: visits[0].price_pence,
    });
    const states = (await Visit.find({ plan: id }).sort({ start: 1 }).lean()).map((x) => x.state);
    expect(states[0]).toBe('completed');
    expect(states.slice(1).every((st) => st === 'cancelled')).toBe(true);
    expect((await v.s.call('POST', `/api/user/bookings/${id}/cancel-within-14-days`, { token: customer.token })).status).toBe(409);

    // Fifteen days on, the period is over.
    const late = await book(customer.token);
    await v.setOffset(15 * 24 * 3600_000);
    try {
      const over = await v.s.call('POST', `/api/user/bookings/${late.body.bookingId}/cancel-within-14-days`, { token: customer.token });
      expect(over.status).toBe(409);
      expect(over.body.message).toBe(PRICE_MSG.cancel14Over);
    } finally {
      await v.setOffset(0);
    }
  });
});
