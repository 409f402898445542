// The push allow-list against server-side request forgery: web-push re-reads a stored endpoint with
// Node's legacy url.parse, so an endpoint passes only when both parsers find the same host — a plain
// host name (letters, digits, dots, hyphens) on an allowed push service, no user info, and a port or
// an IP address only by an entry naming exactly that host:port. The stored and sent form is the
// WHATWG href; a push service's redirect is never followed.
import https from 'node:https';
import { parse as legacyParse } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_ENDPOINT_HOSTS } from '../../api/src/config';
import { PushSubscription } from '../../api/src/models/PushSubscription';
import { allowedEndpoint } from '../../api/src/notify/push';
import { notify } from '../../api/src/notify/notify';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertCustomer, type TestCustomer } from '../support/customers';
import { browserKeys, startPushEndpoint, type PushEndpoint } from '../support/push-endpoint';

let srv: TestServer;
let push: PushEndpoint;
let customer: TestCustomer;
let local: string;

beforeAll(async () => {
  push = await startPushEndpoint();
  local = new URL(push.origin).host;
  srv = await startTestServer({ JOBS_POLL_MS: '0', PUSH_ENDPOINT_HOSTS: [...DEFAULT_PUSH_ENDPOINT_HOSTS, local].join(',') });
  srv.deps.push.agent = new https.Agent({ ca: push.ca });
  customer = await insertCustomer(srv);
});
afterAll(async () => {
  await srv?.close();
  await push?.close();
});

const subscribe = (endpoint: string) =>
  srv.call('POST', '/api/user/push-subscriptions', { token: customer.token, json: { endpoint, expirationTime: null, keys: browserKeys().keys } });

/** Characters the WHATWG parser keeps inside a host name where url.parse ends it. */
const SPLITTERS = [';', "'", '{', '}', '\\', '`', '"'];

describe('the push allow-list', () => {
  it('refuses a host name carrying any character the legacy parser splits at, storing nothing', async () => {
    for (const c of SPLITTERS) {
      // (A backslash before the @ ends the host for both parsers: that one is the path, see below.)
      const userInfo = c === '\\' ? [] : [`https://fcm.googleapis.com${c}@localhost/x`];
      for (const endpoint of [`https://localhost${c}.push.services.mozilla.com/x`, `https://127.0.0.1${c}.notify.windows.com/x`, ...userInfo]) {
        const res = await subscribe(endpoint);
        expect(res.status, endpoint).toBe(400);
        expect(allowedEndpoint(endpoint, DEFAULT_PUSH_ENDPOINT_HOSTS), endpoint).toBeNull();
      }
    }
    expect(await PushSubscription.countDocuments()).toBe(0);
  });

  it('refuses IPv6, decimal, hex, octal and short IPv4 forms, user info, other ports and plain http', () => {
    for (
      const endpoint of [
        'https://[::1]/x',
        'https://[::ffff:127.0.0.1]/x',
        'https://[fd00::1]:443/x',
        'https://2130706433/x',
        'https://0x7f000001/x',
        'https://0177.0.0.1/x',
        'https://127.1/x',
        'https://169.254.169.254/latest',
        'https://user@fcm.googleapis.com/x',
        'https://:pw@fcm.googleapis.com/x',
        'https://fcm.googleapis.com:8443/x',
        'https://fcm.googleapis.com./x',
        'http://fcm.googleapis.com/x',
        `https://${local.split(':')[0]}/x`,
        `https://${local.split(':')[0]}:${Number(local.split(':')[1]) + 1}/x`,
        'https://localhost%3B.push.services.mozilla.com/x',
      ]
    ) {
      expect(allowedEndpoint(endpoint, [...DEFAULT_PUSH_ENDPOINT_HOSTS, local, '127.0.0.1:9443']), endpoint).toBeNull();
    }
  });

  it('an IP address passes only where an entry names exactly that address and port', () => {
    expect(allowedEndpoint('https://127.0.0.1:9443/x', ['127.0.0.1:9443'])).toBe('https://127.0.0.1:9443/x');
    expect(allowedEndpoint('https://2130706433:9443/x', ['127.0.0.1:9443'])).toBe('https://127.0.0.1:9443/x');
    expect(allowedEndpoint('https://127.0.0.1/x', ['127.0.0.1'])).toBeNull();
    expect(allowedEndpoint('https://127.0.0.1/x', ['127.0.0.1:443'])).toBe('https://127.0.0.1/x');
  });

  it('what passes reads the same to the legacy parser web-push uses, and is the normalised href', () => {
    for (
      const endpoint of [
        'https://fcm.googleapis.com\\@localhost/x',
        'https://FCM.googleapis.com/fcm/send/a{b}',
        'https://updates.push.services.mozilla.com/wpush/v2/x?y=1',
        'https://wns2-par02p.notify.windows.com/w/?token=a\\b',
        `${push.origin}/push/a"b`,
      ]
    ) {
      const href = allowedEndpoint(endpoint, [...DEFAULT_PUSH_ENDPOINT_HOSTS, local]);
      expect(href, endpoint).toBe(new URL(endpoint).href);
      const legacy = legacyParse(href!);
      const whatwg = new URL(href!);
      expect([legacy.hostname, legacy.port ?? '', legacy.auth], endpoint).toEqual([whatwg.hostname, whatwg.port, null]);
    }
  });

  it('stores the normalised href and posts to it', async () => {
    const res = await subscribe(`https://LOCALHOST:${local.split(':')[1]}/push/Upper{case}`);
    expect(res.status).toBe(201);
    const [stored] = await PushSubscription.find({ person_id: customer.id }).lean();
    expect(stored.endpoint).toBe(`https://localhost:${local.split(':')[1]}/push/Upper%7Bcase%7D`);
    const before = push.requests.length;
    expect(await notify(srv.deps, { type: 'customer', id: customer.id }, 'reminders', { subject: 'Tomorrow', text: 'x', url: '/orders' })).toMatchObject({
      pushed: 1,
    });
    expect(push.requests.slice(before).map((r) => r.path)).toEqual(['/push/Upper%7Bcase%7D']);
    await PushSubscription.deleteMany({});
  });

  it('a stored endpoint the rule now refuses is removed at send time, never posted to', async () => {
    const keys = browserKeys().keys;
    await PushSubscription.create({
      person_type: 'customer',
      person_id: customer.id,
      endpoint: `https://localhost;.push.services.mozilla.com:${local.split(':')[1]}/push/ssrf`,
      p256dh: keys.p256dh,
      auth: keys.auth,
    });
    const before = push.requests.length;
    expect(await notify(srv.deps, { type: 'customer', id: customer.id }, 'reminders', { subject: 'Tomorrow', text: 'x', url: '/orders' })).toMatchObject({
      pushed: 0,
    });
    expect(push.requests.length).toBe(before);
    expect(await PushSubscription.countDocuments({ person_id: customer.id })).toBe(0);
  });

  it('a redirect from the push service is not followed', async () => {
    push.answer('/push/moved', 307, `${push.origin}/push/landed`);
    push.answer('/push/moved-away', 301, 'https://169.254.169.254/latest');
    for (const p of ['moved', 'moved-away']) expect((await subscribe(`${push.origin}/push/${p}`)).status).toBe(201);
    expect(await notify(srv.deps, { type: 'customer', id: customer.id }, 'reminders', { subject: 'Tomorrow', text: 'x', url: '/orders' })).toMatchObject({
      pushed: 0,
    });
    expect(push.requests.filter((r) => r.path === '/push/landed')).toHaveLength(0);
    expect(push.requests.filter((r) => r.path.startsWith('/push/moved'))).toHaveLength(2);
  });
});
