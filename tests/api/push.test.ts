// Web Push: a device's subscription is stored per person, only for https endpoints on the push
// services' hosts; a notice reaches a local HTTPS push service encrypted for that device (decrypted
// here with the device's keys, RFC 8291) with a VAPID signature; 404/410 removes the subscription.
import { statSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, loadConfig } from '../../api/src/config';
import { PushSubscription } from '../../api/src/models/PushSubscription';
import { notify } from '../../api/src/notify/notify';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertCustomer, type TestCustomer } from '../support/customers';
import { browserKeys, decrypt, startPushEndpoint, type PushEndpoint } from '../support/push-endpoint';
import { makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let push: PushEndpoint;
let customer: TestCustomer;
let employee: TestEmployee;

beforeAll(async () => {
  push = await startPushEndpoint();
  srv = await startTestServer({
    BCRYPT_COST: '4',
    JOBS_POLL_MS: '0',
    PUSH_ENDPOINT_HOSTS: [...DEFAULT_PUSH_ENDPOINT_HOSTS, new URL(push.origin).host].join(','),
  });
  // The local push service's self-signed certificate, trusted for push requests only.
  srv.deps.push.agent = new https.Agent({ ca: push.ca });
  customer = await insertCustomer(srv);
  employee = await makeEmployee(srv);
});
afterAll(async () => {
  await srv?.close();
  await push?.close();
});

const subscribe = (token: string, endpoint: string, keys = browserKeys().keys, who = 'user') =>
  srv.call('POST', `/api/${who}/push-subscriptions`, { token, json: { endpoint, expirationTime: null, keys } });

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR, owner-only, and kept; from the environment they must come in pairs', () => {
    const file = path.join(srv.dataDir, 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadConfig({ DATA_DIR: srv.dataDir, JWT_SECRET: 'x'.repeat(40) });
    expect(again.vapid.publicKey).toBe(srv.deps.config.vapid.publicKey);
    expect(again.vapid.privateKey).toBe(srv.deps.config.vapid.privateKey);
    expect(
      loadConfig({
        DATA_DIR: srv.dataDir,
        JWT_SECRET: 'x'.repeat(40),
        VAPID_PUBLIC_KEY: 'BPub',
        VAPID_PRIVATE_KEY: 'priv',
        VAPID_SUBJECT: 'mailto:ops@example.com',
      }).vapid,
    ).toEqual({
      publicKey: 'BPub',
      privateKey: 'priv',
      subject: 'mailto:ops@example.com',
    });
    expect(() => loadConfig({ DATA_DIR: srv.dataDir, JWT_SECRET: 'x'.repeat(40), VAPID_PUBLIC_KEY: 'BPub' })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
  });
});

describe('push subscriptions', () => {
  it('gives the public VAPID key without signing in', async () => {
    const res = await srv.call('GET', '/api/push/key');
    expect(res.status).toBe(200);
    expect(res.body.publicKey).toBe(srv.deps.config.vapid.publicKey);
    expect(Buffer.from(res.body.publicKey, 'base64url')).toHaveLength(65);
  });

  it('refuses endpoints that are not https on a push service host, storing nothing', async () => {
    for (
      const endpoint of [
        'http://localhost:1/push/a',
        'https://127.0.0.1/push/a',
        'https://10.0.0.5/push/a',
        'https://metadata.google.internal/computeMetadata/v1',
        'https://fcm.googleapis.com.attacker.example/x',
        'https://user:pw@fcm.googleapis.com/x',
      ]
    ) {
      const res = await subscribe(customer.token, endpoint);
      expect(res.status, endpoint).toBe(400);
    }
    expect(await PushSubscription.countDocuments()).toBe(0);
    expect((await subscribe(customer.token, 'https://fcm.googleapis.com/fcm/send/abc')).status).toBe(201);
    expect((await subscribe(customer.token, 'https://wns2-par02p.notify.windows.com/w/?token=abc')).status).toBe(201);
    expect((await subscribe('', 'https://fcm.googleapis.com/fcm/send/x')).status).toBe(401);
    expect(
      (await srv.call('POST', '/api/user/push-subscriptions', {
        token: customer.token,
        json: { endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: 'x', auth: 'y' } },
      })).status,
    ).toBe(400);
    await PushSubscription.deleteMany({});
  });

  it('delivers a notice encrypted for the device, signed with VAPID', async () => {
    const device = browserKeys();
    const endpoint = `${push.origin}/push/customer-phone`;
    expect((await subscribe(customer.token, endpoint, device.keys)).status).toBe(201);
    const result = await notify(srv.deps, { type: 'customer', id: customer.id }, 'on_my_way', {
      subject: 'Sam is on the way',
      text: 'Sam will be with you in about 20 minutes.',
      url: '/orders',
    });
    expect(result).toEqual({ email: true, pushed: 1 });
    const req = push.requests.find((r) => r.path === '/push/customer-phone')!;
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(String(req.headers.authorization)).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${srv.deps.config.vapid.publicKey}$`));
    expect(JSON.parse(decrypt(req.body, device))).toEqual({
      title: 'Sam is on the way',
      body: 'Sam will be with you in about 20 minutes.',
      url: '/orders',
      tag: 'on_my_way',
    });
  });

  it('a staff device is stored for the employee, and a device signed in by someone else moves to them', async () => {
    const device = browserKeys();
    const endpoint = `${push.origin}/push/shared-tablet`;
    expect((await subscribe(customer.token, endpoint, device.keys)).status).toBe(201);
    expect((await subscribe(employee.token, endpoint, device.keys, 'employee')).status).toBe(201);
    const stored = await PushSubscription.find({ endpoint }).lean();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ person_type: 'employee', person_id: expect.anything() });
    expect(String(stored[0].person_id)).toBe(employee.id);
    // Only its owner removes it.
    const q = `?endpoint=${encodeURIComponent(endpoint)}`;
    expect((await srv.call('DELETE', `/api/user/push-subscriptions${q}`, { token: customer.token })).status).toBe(404);
    expect((await srv.call('DELETE', `/api/employee/push-subscriptions${q}`, { token: employee.token })).status).toBe(200);
    expect(await PushSubscription.countDocuments({ endpoint })).toBe(0);
  });

  it('removes a subscription the push service answers 404 or 410 for, and keeps one that failed otherwise', async () => {
    push.answer('/push/gone-410', 410);
    push.answer('/push/gone-404', 404);
    push.answer('/push/busy-503', 503);
    for (const p of ['gone-410', 'gone-404', 'busy-503']) expect((await subscribe(customer.token, `${push.origin}/push/${p}`)).status).toBe(201);
    await notify(srv.deps, { type: 'customer', id: customer.id }, 'reminders', { subject: 'Tomorrow', text: 'Your clean is tomorrow.', url: '/orders' });
    const left = (await PushSubscription.find({ person_id: customer.id }).lean()).map((s) => s.endpoint.replace(push.origin, ''));
    expect(left.sort()).toEqual(['/push/busy-503', '/push/customer-phone']);
  });

  it('a subscription whose host is no longer allowed is removed at send time, never posted to', async () => {
    await PushSubscription.create({
      person_type: 'customer',
      person_id: customer.id,
      endpoint: 'https://169.254.169.254/latest',
      p256dh: browserKeys().keys.p256dh,
      auth: 'a'.repeat(22),
    });
    const before = push.requests.length;
    await notify(srv.deps, { type: 'customer', id: customer.id }, 'reminders', { subject: 'Tomorrow', text: 'x', url: '/orders' });
    expect(await PushSubscription.countDocuments({ endpoint: 'https://169.254.169.254/latest' })).toBe(0);
    expect(push.requests.length - before).toBe(2); // the two allowed devices only
  });
});
