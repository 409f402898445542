// Calendar subscription: each person's private address (GET makes it, POST replaces it and the old one
// answers 404 at once), and the feed it names, read with a real iCalendar parser (ical.js): London wall
// times on both sides of 28 Mar 2027 and 31 Oct 2027 whatever the process TZ (the parser converts with
// the feed's own VTIMEZONE), RFC 5545 form, and nobody else's visits.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { Visit } from '../../api/src/models/Visit';
import { acceptedPlan, startVisitsServer, type PlanCast, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
let march: PlanCast;
let other: PlanCast;
beforeAll(async () => {
  v = await startVisitsServer();
  // The server's "now": 1 Mar 2027, so the horizon covers the spring clock change.
  await v.setOffset(Date.parse('2027-03-01T12:00:00Z') - Date.now());
  march = await acceptedPlan(v.s, { date: '2027-03-23', time: '09:00', name: 'Cleo Cleaner' });
  other = await acceptedPlan(v.s, { date: '2027-03-24', time: '14:00', name: 'Olga Otherclean' });
  await Visit.updateMany({ plan: march.bookingId }, { $set: { reference: 'SC-MAR27' } });
});
afterAll(async () => {
  await v?.setOffset(0);
  await v?.s.close();
});

type Who = { token: string; };
const addressOf = async (who: Who, path: 'user' | 'employee') => {
  const res = await v.s.call('GET', `/api/${path}/calendar-address`, { token: who.token });
  expect(res.status).toBe(200);
  return res.body.calendar as { address: string; url: string; };
};
/** The feed's path from a webcal:// address. */
const feedPath = (address: string) => new URL(address.replace(/^webcal:/, 'http:')).pathname;

async function fetchFeed(address: string) {
  const res = await fetch(v.s.url + feedPath(address));
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

interface Parsed {
  uid: string;
  summary: string;
  description: string;
  location: string;
  tzid: string;
  local: string;
  utc: string;
  sequence: number;
}
function parse(text: string): Parsed[] {
  const cal = new ICAL.Component(ICAL.parse(text));
  // The feed's own VTIMEZONE, registered so the parser converts its TZID times by it (not by the process TZ).
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  return cal.getAllSubcomponents('vevent').map((c) => {
    const e = new ICAL.Event(c);
    const s = e.startDate;
    return {
      uid: e.uid,
      summary: e.summary,
      description: e.description,
      location: e.location,
      tzid: String(c.getFirstProperty('dtstart')?.getParameter('tzid')),
      local: `${s.year}-${String(s.month).padStart(2, '0')}-${String(s.day).padStart(2, '0')} ${String(s.hour).padStart(2, '0')}:${
        String(s.minute).padStart(2, '0')
      }`,
      utc: s.toJSDate().toISOString(),
      sequence: e.sequence,
    };
  });
}

describe('a calendar address', () => {
  it("lists the customer's visits in London wall time either side of 28 Mar 2027, in RFC 5545 form", async () => {
    const { address, url } = await addressOf(march.customer, 'user');
    expect(address).toMatch(/^webcal:\/\/[^/]+\/calendar\/[\w-]{43}\.ics$/);
    expect(url).toMatch(/^https?:\/\/[^/]+\/calendar\/[\w-]{43}\.ics$/);
    const feed = await fetchFeed(address);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar; charset=utf-8/);
    // CRLF only, every line at most 75 octets (folded), one VTIMEZONE for Europe/London.
    expect(feed.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(feed.text.split('\r\n').filter((l) => Buffer.byteLength(l) > 75)).toEqual([]);
    expect(feed.text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London');
    expect(feed.text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    const events = parse(feed.text);
    const byDay = new Map(events.map((e) => [e.local.slice(0, 10), e]));
    // 23 Mar is GMT (09:00 = 09:00Z), 30 Mar BST (09:00 = 08:00Z): the same 09:00 on the wall.
    expect(byDay.get('2027-03-23')).toMatchObject({ local: '2027-03-23 09:00', utc: '2027-03-23T09:00:00.000Z', tzid: 'Europe/London' });
    expect(byDay.get('2027-03-30')).toMatchObject({ local: '2027-03-30 09:00', utc: '2027-03-30T08:00:00.000Z', tzid: 'Europe/London' });
    // Every visit of the plan over the horizon (23 Mar to the end of May), one stable UID each.
    const ids = (await Visit.find({ plan: march.bookingId, state: 'scheduled' }).lean()).map((x) => `visit-${String(x._id)}@`);
    expect(events.length).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(10);
    expect(events.every((e) => ids.some((id) => e.uid.startsWith(id)))).toBe(true);
    // The cleaner by first name only.
    expect(events[0].description).toContain('Your cleaner: Cleo');
    expect(feed.text).not.toContain('Cleaner\\n');
    expect(feed.text).not.toMatch(/Cleo Cleaner|emp-[\w-]+@example\.com/);
    expect(events[0].summary).toBe('SparkleClean clean (SC-MAR27)');
  });

  it("a poll that finds nothing new gets 304 without a body (the feed's ETag)", async () => {
    const path = feedPath((await addressOf(march.customer, 'user')).address);
    const first = await fetch(v.s.url + path);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a request with If-None-Match.
    const again = await new Promise<{ status: number; body: string; }>((resolve, reject) => {
      http
        .get(v.s.url + path, { headers: { 'If-None-Match': etag! } }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += String(c)));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        })
        .on('error', reject);
    });
    expect(again).toEqual({ status: 304, body: '' });
  });

  it("the cleaner's feed lists their visits with where; never another cleaner's or customer's", async () => {
    const mine = parse((await fetchFeed((await addressOf(march.cleaner, 'employee')).address)).text);
    const theirs = parse((await fetchFeed((await addressOf(other.cleaner, 'employee')).address)).text);
    const otherCustomer = parse((await fetchFeed((await addressOf(other.customer, 'user')).address)).text);
    expect(mine.length).toBeGreaterThanOrEqual(10);
    expect(mine.every((e) => e.local.endsWith('09:00'))).toBe(true);
    expect(theirs.every((e) => e.local.endsWith('14:00'))).toBe(true);
    const uids = new Set(mine.map((e) => e.uid));
    expect([...theirs, ...otherCustomer].filter((e) => uids.has(e.uid))).toEqual([]);
    expect(mine[0].description).toContain('Customer: Carla');
  });

  it('follows a change: a skipped visit leaves, a moved one keeps its UID with a higher SEQUENCE', async () => {
    const { address } = await addressOf(march.customer, 'user');
    const before = parse((await fetchFeed(address)).text);
    const [first, second] = await Visit.find({ plan: march.bookingId, state: 'scheduled' }).sort({ start: 1 }).lean();
    expect((await v.s.call('POST', `/api/user/visits/${String(first._id)}/skip`, { token: march.customer.token })).status).toBe(200);
    const move = await v.s.call('POST', `/api/user/visits/${String(second._id)}/move`, { token: march.customer.token, json: { start: '2027-04-01T11:30' } });
    expect(move.status).toBe(200);
    const after = parse((await fetchFeed(address)).text);
    expect(after.some((e) => e.uid.startsWith(`visit-${String(first._id)}@`))).toBe(false);
    const moved = after.find((e) => e.uid.startsWith(`visit-${String(second._id)}@`))!;
    expect(moved.local).toBe('2027-04-01 11:30');
    expect(moved.sequence).toBeGreaterThan(before.find((e) => e.uid === moved.uid)!.sequence);
  });

  it('a new address kills the old one at once', async () => {
    const old = await addressOf(march.customer, 'user');
    expect((await addressOf(march.customer, 'user')).address).toBe(old.address);
    const res = await v.s.call('POST', '/api/user/calendar-address', { token: march.customer.token });
    expect(res.status).toBe(200);
    expect(res.body.calendar.address).not.toBe(old.address);
    expect((await fetchFeed(old.address)).status).toBe(404);
    expect((await fetchFeed(res.body.calendar.address)).status).toBe(200);
    expect((await addressOf(march.customer, 'user')).address).toBe(res.body.calendar.address);
    // Guessing is no shortcut: a well-formed unknown secret and a malformed one are both 404.
    expect((await fetch(`${v.s.url}/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await fetch(`${v.s.url}/calendar/short.ics`)).status).toBe(404);
    expect((await v.s.call('GET', '/api/user/calendar-address')).status).toBe(401);
  });

  it('keeps London wall time either side of 31 Oct 2027', async () => {
    await v.setOffset(Date.parse('2027-10-10T12:00:00Z') - Date.now());
    const autumn = await acceptedPlan(v.s, { date: '2027-10-26', time: '09:00' });
    const events = parse((await fetchFeed((await addressOf(autumn.cleaner, 'employee')).address)).text);
    const byDay = new Map(events.map((e) => [e.local.slice(0, 10), e]));
    expect(byDay.get('2027-10-26')).toMatchObject({ local: '2027-10-26 09:00', utc: '2027-10-26T08:00:00.000Z' });
    expect(byDay.get('2027-11-02')).toMatchObject({ local: '2027-11-02 09:00', utc: '2027-11-02T09:00:00.000Z' });
  });
});
