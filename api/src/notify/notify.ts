// One way to tell a person something: notify(deps, to, kind, message) → e-mail and/or Web Push.
// - A notice (a NotifyKind) goes by the person's preferences and carries List-Unsubscribe (+ One-Click,
//   RFC 8058) and a link that stops that kind only, without signing in.
// - A transactional message (codes, password resets, receipts, invitations, exports) is what the person
//   just asked for or must have: it is mailed whatever the preferences say, with no unsubscribe.
// - The office is told at OFFICE_EMAIL; an address with no account yet (a sign-up code, an invitation)
//   only transactionally.
// Whatever reached a customer or a cleaner is recorded (models/Notice.ts): their "What was I told?" list.
// Callers are usually job handlers (jobs/runner.ts): a mail that fails throws, and the job retries.
import type { Deps } from '../deps';
import { Employee } from '../models/Employee';
import { User } from '../models/User';
import type { NotifyKind } from '@shared/schemas/notifications';
import { NOTIFY_MSG } from '@shared/messages-notify';
import type { MailAttachment } from './mail';
import { recordNotice } from './record';
import { preferencesOf } from './preferences';
import { hasSubscription, type Person, type PushPayload } from './push';
import { unsubscribeHeaders, unsubscribeToken } from './unsubscribe';

export interface NoticeMessage {
  subject: string;
  /** The mail's text (the unsubscribe footer is added to a notice). */
  text: string;
  /** Where a tap on the push (and the mail's link) leads: a path of this site, e.g. /orders. Optional for transactional mail. */
  url?: string;
  /** The push's title and line; default the subject and the text's first line. */
  pushTitle?: string;
  pushBody?: string;
  /** Transactional mail only: files (a calendar entry, a CV) and where a reply goes. */
  attachments?: MailAttachment[];
  replyTo?: string;
}

/** Who is told: a customer or a cleaner, the office, or (transactional only) an address with no account. */
export type Recipient = Person | { type: 'office'; } | { type: 'address'; email: string; };
/** A kind of notice the person chose to get, or a transactional message sent regardless. */
export type TellKind = NotifyKind | 'transactional';

export interface NotifyResult {
  email: boolean;
  pushed: number;
}

/** Push is optional: the office and addresses are mailed only, and a caller without it mails only. */
export type NotifyDeps = Pick<Deps, 'config' | 'mailer' | 'log' | 'clock'> & Partial<Pick<Deps, 'push'>>;

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
  const url = message.url ?? '/';
  const link = url.startsWith('/') ? site + url : url;
  await deps.mailer.send({ to: contact.email, subject: message.subject, text: `${message.text}\n\n${link}\n` });
  const result: NotifyResult = { email: true, pushed: 0 };
  if (deps.push && (await hasSubscription(person))) {
    result.pushed = await deps.push.sendTo(person, {
      title: message.pushTitle ?? message.subject,
      body: message.pushBody ?? message.text.split('\n')[0].slice(0, 200),
      url: message.url ?? '/',
      tag: kind,
    });
  }
  await recordNotice(deps, person, 'transactional', message, result);
  return result;
}

async function contactOf(person: Person): Promise<{ email: string; active: boolean; } | null> {
  if (person.type === 'customer') {
    const u = await User.findById(person.id, { email: 1, blocked: 1 }).lean();
    return u ? { email: u.email, active: !u.blocked } : null;
  }
  const e = await Employee.findById(person.id, { email: 1, is_active: 1 }).lean();
  return e ? { email: e.email, active: e.is_active !== false } : null;
}

/** The site's address for links (PUBLIC_URL), without a trailing slash; '' when unset (links are paths). */
const siteOf = (deps: NotifyDeps) => (deps.config.publicUrl ?? '').replace(/\/+$/, '');
const linkOf = (deps: NotifyDeps, url: string) => (url.startsWith('/') ? siteOf(deps) + url : url);

export function unsubscribeLink(deps: NotifyDeps, person: Person, kind: NotifyKind): string {
  return `${siteOf(deps)}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps.config.jwtSecret, person, kind))}`;
}

const isPerson = (to: Recipient): to is Person => to.type === 'customer' || to.type === 'employee';
const isTransactional = (kind: string): kind is TransactionalKind => (TRANSACTIONAL_KINDS as readonly string[]).includes(kind);

export async function notify(deps: NotifyDeps, to: Recipient, kind: TellKind | TransactionalKind, message: NoticeMessage): Promise<NotifyResult> {
  if (isTransactional(kind)) return isPerson(to) ? notifyTransactional(deps, to, kind, message) : tellAddress(deps, to, 'transactional', message);
  if (!isPerson(to)) return tellAddress(deps, to, kind, message);
  const contact = await contactOf(to);
  if (!contact) return { email: false, pushed: 0 };
  if (kind === 'transactional') {
    await sendPlain(deps, contact.email, message);
    await recordNotice(deps, to, kind, message, { email: true, pushed: 0 });
    return { email: true, pushed: 0 };
  }
  // A deleted, blocked or deactivated account is told nothing.
  if (!contact.active) return { email: false, pushed: 0 };
  const prefs = (await preferencesOf(to))[kind];
  const result: NotifyResult = { email: false, pushed: 0 };
  const url = message.url ?? '/';
  if (prefs.email) {
    const token = unsubscribeToken(deps.config.jwtSecret, to, kind);
    const site = siteOf(deps);
    // RFC 8058 needs an https link; without PUBLIC_URL only the mailto form is given.
    const headers = site.startsWith('https://')
      ? unsubscribeHeaders({ publicUrl: site, officeEmail: deps.config.officeEmail, token })
      : { 'List-Unsubscribe': `<mailto:${deps.config.officeEmail}?subject=${encodeURIComponent(`unsubscribe ${token}`)}>` };
    const label = NOTIFY_MSG.kindLabel[kind];
    const text = `${message.text}\n\n${linkOf(deps, url)}\n\n--\n${NOTIFY_MSG.unsubscribeFooter(label)}\n${unsubscribeLink(deps, to, kind)}\n`;
    // Mail first: when it throws, nothing was pushed yet and a retry does not push twice.
    await deps.mailer.send({ to: contact.email, subject: message.subject, text, headers });
    result.email = true;
  }
  if (deps.push && prefs.push && (await hasSubscription(to))) {
    const payload: PushPayload = {
      title: message.pushTitle ?? message.subject,
      body: message.pushBody ?? message.text.split('\n')[0].slice(0, 200),
      url,
      tag: kind,
    };
    result.pushed = await deps.push.sendTo(to, payload);
  }
  if (result.email || result.pushed) await recordNotice(deps, to, kind, message, result);
  return result;
}

/** The office's mailbox, or an address with no account: mail only, transactional for an address. */
async function tellAddress(deps: NotifyDeps, to: Exclude<Recipient, Person>, kind: TellKind, message: NoticeMessage): Promise<NotifyResult> {
  if (to.type === 'address' && kind !== 'transactional') throw new Error('an address with no account is only told transactionally');
  await sendPlain(deps, to.type === 'office' ? deps.config.officeEmail : to.email, message);
  return { email: true, pushed: 0 };
}

function sendPlain(deps: NotifyDeps, email: string, message: NoticeMessage): Promise<void> {
  const text = message.url ? `${message.text}\n\n${linkOf(deps, message.url)}\n` : message.text;
  return deps.mailer.send({
    to: email,
    subject: message.subject,
    text,
    ...(message.attachments ? { attachments: message.attachments } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  });
}
