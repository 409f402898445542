// One way to tell a person something: notify(deps, person, kind, message) → e-mail and/or Web Push
// by their preferences. Every such mail is a notice they did not just ask for, so it carries
// List-Unsubscribe (+ One-Click, RFC 8058) and a link that stops that kind only, without signing in.
// Callers are usually job handlers (jobs/runner.ts): a mail that fails throws, and the job retries.
import type { Deps } from '../deps';
import { Employee } from '../models/Employee';
import { User } from '../models/User';
import type { NotifyKind } from '@shared/schemas/notifications';
import { NOTIFY_MSG } from '@shared/messages-notify';
import { preferencesOf } from './preferences';
import { hasSubscription, type Person, type PushPayload } from './push';
import { unsubscribeHeaders, unsubscribeToken } from './unsubscribe';

export interface NoticeMessage {
  subject: string;
  /** The mail's text (the unsubscribe footer is added). */
  text: string;
  /** Where a tap on the push (and the mail's link) leads: a path of this site, e.g. /orders. */
  url: string;
  /** The push's title and line; default the subject and the text's first line. */
  pushTitle?: string;
  pushBody?: string;
}

export interface NotifyResult {
  email: boolean;
  pushed: number;
}

type NotifyDeps = Pick<Deps, 'config' | 'mailer' | 'push' | 'log'>;

/**
 * Transactional kinds: what the person must have whatever their choices (a receipt, a failed payment,
 * a refund). Always e-mailed, without an unsubscribe link; pushed to devices that turned push on.
 */
export const TRANSACTIONAL_KINDS = ['payments'] as const;
export type TransactionalKind = (typeof TRANSACTIONAL_KINDS)[number];

async function notifyTransactional(deps: NotifyDeps, person: Person, kind: TransactionalKind, message: NoticeMessage): Promise<NotifyResult> {
  const contact = await contactOf(person);
  if (!contact?.active) return { email: false, pushed: 0 };
  const site = siteOf(deps);
  const link = message.url.startsWith('/') ? site + message.url : message.url;
  await deps.mailer.send({ to: contact.email, subject: message.subject, text: `${message.text}\n\n${link}\n` });
  const result: NotifyResult = { email: true, pushed: 0 };
  if (await hasSubscription(person)) {
    result.pushed = await deps.push.sendTo(person, { title: message.pushTitle ?? message.subject, body: message.pushBody ?? message.text.split('\n')[0].slice(0, 200), url: message.url, tag: kind });
  }
  return result;
}

async function contactOf(person: Person): Promise<{ email: string; active: boolean } | null> {
  if (person.type === 'customer') {
    const u = await User.findById(person.id, { email: 1, blocked: 1 }).lean();
    return u ? { email: u.email, active: !u.blocked } : null;
  }
  const e = await Employee.findById(person.id, { email: 1, is_active: 1 }).lean();
  return e ? { email: e.email, active: e.is_active !== false } : null;
}

/** The site's address for links (PUBLIC_URL), without a trailing slash; '' when unset (links are paths). */
const siteOf = (deps: NotifyDeps) => (deps.config.publicUrl ?? '').replace(/\/+$/, '');

export function unsubscribeLink(deps: NotifyDeps, person: Person, kind: NotifyKind): string {
  return `${siteOf(deps)}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps.config.jwtSecret, person, kind))}`;
}

const isTransactional = (kind: string): kind is TransactionalKind => (TRANSACTIONAL_KINDS as readonly string[]).includes(kind);

export function notify(deps: NotifyDeps, person: Person, kind: NotifyKind | TransactionalKind, message: NoticeMessage): Promise<NotifyResult> {
  return isTransactional(kind) ? notifyTransactional(deps, person, kind, message) : notifyByChoice(deps, person, kind, message);
}

async function notifyByChoice(deps: NotifyDeps, person: Person, kind: NotifyKind, message: NoticeMessage): Promise<NotifyResult> {
  const contact = await contactOf(person);
  // A deleted, blocked or deactivated account is told nothing.
  if (!contact?.active) return { email: false, pushed: 0 };
  const prefs = (await preferencesOf(person))[kind];
  const result: NotifyResult = { email: false, pushed: 0 };
  if (prefs.email) {
    const token = unsubscribeToken(deps.config.jwtSecret, person, kind);
    const site = siteOf(deps);
    // RFC 8058 needs an https link; without PUBLIC_URL only the mailto form is given.
    const headers = site.startsWith('https://')
      ? unsubscribeHeaders({ publicUrl: site, officeEmail: deps.config.officeEmail, token })
      : { 'List-Unsubscribe': `<mailto:${deps.config.officeEmail}?subject=${encodeURIComponent(`unsubscribe ${token}`)}>` };
    const label = NOTIFY_MSG.kindLabel[kind];
    const text = `${message.text}\n\n${message.url.startsWith('/') ? site + message.url : message.url}\n\n--\n${NOTIFY_MSG.unsubscribeFooter(label)}\n${unsubscribeLink(deps, person, kind)}\n`;
    // Mail first: when it throws, nothing was pushed yet and a retry does not push twice.
    await deps.mailer.send({ to: contact.email, subject: message.subject, text, headers });
    result.email = true;
  }
  if (prefs.push && (await hasSubscription(person))) {
    const payload: PushPayload = { title: message.pushTitle ?? message.subject, body: message.pushBody ?? message.text.split('\n')[0].slice(0, 200), url: message.url, tag: kind };
    result.pushed = await deps.push.sendTo(person, payload);
  }
  return result;
}
