// Web Push with the maintained `web-push` package (VAPID, aes128gcm). A subscription's endpoint must be
// https on a push service's host (PUSH_ENDPOINT_HOSTS), checked when it is stored and again when sent,
// so nobody can make the server post to an internal address. 404/410 from the push service: the
// subscription is gone and is removed.
//
// web-push re-reads the endpoint with Node's legacy url.parse, which ends a host name at characters
// the WHATWG parser keeps inside it (`https://localhost;.push.services.mozilla.com/` is
// `*.push.services.mozilla.com` to one and localhost to the other). So only a host name both read
// alike passes (letters, digits, dots and hyphens), and the WHATWG-normalised href is what is stored
// and sent. A port or an IP address needs an allow-list entry naming exactly that host:port.
import type https from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { PushSubscription, type PushSubscriptionDoc } from '../models/PushSubscription';
import type { PushSubscriptionInput } from '@shared/schemas/notifications';
import type { Clock } from '../clock';

export type PersonType = 'customer' | 'employee';
export interface Person {
  type: PersonType;
  id: string;
}

/** What the service worker shows; `url` is opened (same origin only) on tap. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

export interface PushSender {
  publicKey: string;
  /** The normalised endpoint to store and send to, or null when it is not a push service's. */
  allowed(endpoint: string): string | null;
  /** Sends to every device of the person; answers how many received it. */
  sendTo(person: Person, payload: PushPayload): Promise<number>;
  /** An https.Agent for the push requests (tests trust their local endpoint's certificate with it). */
  agent?: https.Agent;
}

/** Matches a host name against `name` or `*.suffix` patterns (a wildcard never matches the bare suffix). */
export function hostAllowed(host: string, patterns: string[]): boolean {
  const h = host.toLowerCase();
  return patterns.some((p) => (p.startsWith('*.') ? h.endsWith(p.slice(1)) && h.length > p.length - 1 : h === p));
}

/** Labels of letters, digits and inner hyphens, joined by single dots: read the same by every URL parser. */
const PLAIN_HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
/** An address rather than a name (WHATWG has already turned decimal, octal and hex forms into dotted IPv4). */
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/** The endpoint as it is stored and posted to (its WHATWG href), or null when the allow-list refuses it. */
export function allowedEndpoint(endpoint: string, patterns: string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !PLAIN_HOST.test(url.hostname)) return null;
  // A local test service: only by an entry naming exactly this host and port.
  if (url.port || IPV4.test(url.hostname)) return patterns.includes(`${url.hostname}:${url.port || '443'}`) ? url.href : null;
  return hostAllowed(url.hostname, patterns) ? url.href : null;
}

export function createPushSender(config: Config, log: Logger, clock: Clock): PushSender {
  const { publicKey, privateKey, subject } = config.vapid;
  const sender: PushSender = {
    publicKey,
    allowed: (endpoint) => allowedEndpoint(endpoint, config.pushEndpointHosts),
    async sendTo(person, payload) {
      const subs = await PushSubscription.find({ person_type: person.type, person_id: person.id }).limit(MAX_DEVICES).lean<PushSubscriptionDoc[]>();
      const results = await Promise.all(subs.map((s) => sendOne(s, payload)));
      return results.filter(Boolean).length;
    },
  };

  async function sendOne(sub: PushSubscriptionDoc, payload: PushPayload): Promise<boolean> {
    // Checked again at send time: the allow-list may have been narrowed since it was stored.
    const endpoint = sender.allowed(sub.endpoint);
    if (!endpoint) {
      await PushSubscription.deleteOne({ _id: sub._id });
      log.warn({ host: URL.parse(sub.endpoint)?.host }, 'push subscription removed: endpoint no longer allowed');
      return false;
    }
    try {
      await webpush.sendNotification({ endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject, publicKey, privateKey },
        TTL: 24 * 60 * 60,
        timeout: 10_000,
        agent: sender.agent,
      });
      await PushSubscription.updateOne({ _id: sub._id }, { $set: { last_sent_at: clock.now() } });
      return true;
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : undefined;
      if (status === 404 || status === 410) {
        await PushSubscription.deleteOne({ _id: sub._id });
        log.info({ status }, 'push subscription gone: removed');
        return false;
      }
      log.warn({ err, status }, 'push not delivered');
      return false;
    }
  }
  return sender;
}

/** Devices kept per person: the oldest goes when one more subscribes. */
export const MAX_DEVICES = 10;

/**
 * Stores this device's subscription for the person (an endpoint another person had moves to this one).
 * `endpoint`: the allow-list's normalised form of sub.endpoint (PushSender.allowed).
 */
export async function saveSubscription(person: Person, sub: PushSubscriptionInput, endpoint: string, userAgent: string): Promise<void> {
  await PushSubscription.updateOne(
    { endpoint },
    { $set: { person_type: person.type, person_id: person.id, p256dh: sub.keys.p256dh, auth: sub.keys.auth, user_agent: userAgent.slice(0, 300) } },
    { upsert: true },
  );
  const mine = await PushSubscription.find({ person_type: person.type, person_id: person.id }, { _id: 1 }).sort({ updated_at: -1 }).skip(MAX_DEVICES).limit(100)
    .lean();
  if (mine.length) await PushSubscription.deleteMany({ _id: { $in: mine.map((d) => d._id) } });
}

export async function removeSubscription(person: Person, endpoint: string): Promise<boolean> {
  // Stored normalised: the browser's own spelling finds it too.
  const r = await PushSubscription.deleteOne({
    endpoint: { $in: [endpoint, URL.parse(endpoint)?.href ?? endpoint] },
    person_type: person.type,
    person_id: person.id,
  });
  return r.deletedCount > 0;
}

export async function hasSubscription(person: Person): Promise<boolean> {
  return (await PushSubscription.exists({ person_type: person.type, person_id: person.id })) !== null;
}
