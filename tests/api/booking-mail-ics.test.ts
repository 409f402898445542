// Booking mails (received, accepted, cancelled) over real SMTP: reference, summary, and an .ics file
// read back with a real iCalendar parser (ical.js), at the right UK time on both sides of a clock change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { startTestServer, type TestServer } from '../support/test-server';
import { bookingInput } from '../support/customers';
import type { CaughtMail } from '../support/mail-catcher';
import { makeCustomer, makeEmployee } from './employee-fixtures';
import { londonDateAndTime } from '@shared/when';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4' });
});
afterAll(async () => {
  await s?.close();
});

function calendarOf(mail: CaughtMail) {
  const file = mail.attachments.find((a) => a.filename.endsWith('.ics'));
  expect(file, 'an .ics attachment').toBeTruthy();
  expect(file!.contentType).toMatch(/^text\/calendar/);
  const cal = new ICAL.Component(ICAL.parse(file!.content.toString('utf8')));
  const vevent = cal.getFirstSubcomponent('vevent');
  expect(vevent).toBeTruthy();
  const event = new ICAL.Event(vevent!);
  return { method: cal.getFirstPropertyValue('method'), event, status: vevent!.getFirstPropertyValue('status'), filename: file!.filename };
}

async function book(bestDays: string) {
  const cust = await makeCustomer(s, { name: 'Ivy Ics' });
  const seen = s.mail.mails.length;
  const res = await s.call('POST', '/api/user/bookings', {
    token: cust.token,
    json: bookingInput({ bestDays, postcode: 'N17GU', bedrooms: '3', bathrooms: '1', receptions: '2' }),
  });
  expect(res.status).toBe(201);
  const mail = await s.mail.waitFor(cust.email, { after: seen, subject: /booking received/ });
  return { cust, booking: res.body.booking as { id: string; reference: string; }, mail };
}

describe('booking received mail', () => {
  it('carries the reference, the summary and a calendar entry at 09:00 UK time before and after the spring clock change', async () => {
    // UK clocks go forward at 01:00 on Sunday 31 March 2030.
    const before = await book('2030-03-30T09:00');
    const after = await book('2030-03-31T09:00');
    for (const { booking, mail } of [before, after]) {
      expect(mail.subject).toContain(booking.reference);
      expect(mail.text).toContain(`Reference: ${booking.reference}`);
      expect(mail.text).toContain('Rooms: 3 bedrooms, 1 bathroom, 2 receptions');
      expect(mail.text).toContain('Postcode: N1 7GU');
      expect(mail.text).toContain('confirmed once one of our cleaners accepts it');
      const { event, filename, status } = calendarOf(mail);
      expect(filename).toBe(`${booking.reference}.ics`);
      // A request no cleaner has accepted yet is only pencilled in.
      expect(status).toBe('TENTATIVE');
      expect(event.uid).toContain(booking.reference);
      expect(event.summary).toContain(booking.reference);
      expect(event.location).toBe('N1 7GU');
      expect(londonDateAndTime(event.startDate.toJSDate())?.time).toBe('09:00');
    }
    expect(mail(before).text).toContain('When: Sat 30 Mar 2030, 09:00');
    expect(mail(after).text).toContain('When: Sun 31 Mar 2030, 09:00');
    // The same wall time is an hour apart in absolute time across the change.
    const t0 = calendarOf(before.mail).event.startDate.toJSDate().getTime();
    const t1 = calendarOf(after.mail).event.startDate.toJSDate().getTime();
    expect(t1 - t0).toBe(23 * 3600_000);
    expect(new Date(t0).toISOString()).toBe('2030-03-30T09:00:00.000Z');
    expect(new Date(t1).toISOString()).toBe('2030-03-31T08:00:00.000Z');
  });

  it('has no calendar file when Best days is free text, and still says when', async () => {
    const { mail } = await book('Mondays at 09:00');
    expect(mail.attachments.filter((a) => a.filename.endsWith('.ics'))).toHaveLength(0);
    expect(mail.text).toContain('When: Mondays at 09:00');
  });
});

const mail = (x: { mail: CaughtMail; }) => x.mail;

describe('accepted and cancelled mails', () => {
  it('accepted: the same calendar entry (same UID), updated; in autumn the UK hour is right too', async () => {
    // UK clocks go back at 02:00 on Sunday 27 October 2030.
    const { cust, booking } = await book('2030-10-28T07:00');
    const emp = await makeEmployee(s, { name: 'Cara Cleaner' });
    const seen = s.mail.mails.length;
    expect((await s.call('POST', `/api/employee/bookings/${booking.id}/accept`, { token: emp.token })).status).toBe(200);
    const accepted = await s.mail.waitFor(cust.email, { after: seen, subject: /accepted/ });
    expect(accepted.subject).toContain(booking.reference);
    expect(accepted.text).toContain('Cara Cleaner');
    expect(accepted.text).toContain('When: Mon 28 Oct 2030, 07:00');
    const { event, method, status } = calendarOf(accepted);
    expect(method).toBe('PUBLISH');
    expect(status).toBe('CONFIRMED');
    expect(event.uid).toContain(booking.reference);
    expect(event.sequence).toBeGreaterThan(0);
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-10-28T07:00:00.000Z');
  });

  it('cancelled: sent when the customer deletes a pending booking, with a CANCEL for the same entry', async () => {
    const { cust, booking } = await book('2030-07-10T14:30');
    const seen = s.mail.mails.length;
    const del = await s.call('DELETE', `/api/user/bookings/${booking.id}`, { token: cust.token });
    expect(del.status).toBe(200);
    const cancelled = await s.mail.waitFor(cust.email, { after: seen, subject: /cancelled/ });
    expect(cancelled.subject).toContain(booking.reference);
    expect(cancelled.text).toContain(`Reference: ${booking.reference}`);
    expect(cancelled.text).toContain('When: Wed 10 Jul 2030, 14:30');
    const { event, method, status } = calendarOf(cancelled);
    expect(method).toBe('CANCEL');
    expect(status).toBe('CANCELLED');
    expect(event.uid).toContain(booking.reference);
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-07-10T13:30:00.000Z');
  });
});
