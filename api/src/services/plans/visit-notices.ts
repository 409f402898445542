// What the customer, the cleaner and the office are told about a visit, written once here and sent
// through notify() (preferences, push, unsubscribe) or, for the office, the mail service. The jobs that
// send them later are in jobs/visit-notices.ts. README "Reminders and live notices".
import mongoose from 'mongoose';
import { REMINDER_MSG } from '@shared/messages-reminders';
import { VISIT_MSG } from '@shared/messages-api';
import { changeCutoff, londonDate } from '@shared/visits';
import { londonDateAndTime, formatDay } from '@shared/when';
import type { Deps } from '../../deps';
import { Visit, type VisitDoc } from '../../models/Visit';
import { conflict, notFound } from '../../lib/errors';
import { notify, type NoticeMessage, type NotifyDeps } from '../../notify/notify';
import { recordAudit } from '../office/audit';
import { when } from './visit-mail';
import { visitContext, type VisitContext } from './visit-context';
import { RATING_LINK_DAYS, visitLinkToken, visitLinkUrl } from './visit-links';

type NoticeDeps = Pick<Deps, 'config' | 'mailer' | 'push' | 'log' | 'clock'>;
const oid = (id: string) => new mongoose.Types.ObjectId(id);
const siteOf = (deps: Pick<Deps, 'config'>) => (deps.config.publicUrl ?? '').replace(/\/+$/, '');

/** The customer's reminder: when, who, where, and this visit's own Skip and Move links (until its cut-off). */
export function reminderMessage(deps: Pick<Deps, 'config'>, ctx: VisitContext): NoticeMessage {
  const v = ctx.visit;
  const cutoff = changeCutoff(v.start, deps.config.visitChangeCutoff);
  const link = (purpose: 'skip' | 'move') =>
    visitLinkUrl(siteOf(deps), visitLinkToken(deps.config.jwtSecret, { visitId: String(v._id), purpose, start: v.start.getTime(), expires: cutoff }));
  return {
    subject: REMINDER_MSG.reminderSubject(when(v.start)),
    text: REMINDER_MSG.reminderText({
      name: ctx.customer.firstName,
      when: when(v.start),
      cleaner: ctx.cleaner?.firstName ?? '',
      address: ctx.address,
      cutoff: when(cutoff),
      skip: link('skip'),
      move: link('move'),
    }),
    url: '/orders',
    pushBody: REMINDER_MSG.reminderPush(when(v.start)),
  };
}

/** The rating request an hour after the visit is finished, with its signed rating link. */
export function ratingRequestMessage(deps: Pick<Deps, 'config'>, ctx: VisitContext): NoticeMessage {
  const v = ctx.visit;
  const token = visitLinkToken(deps.config.jwtSecret, {
    visitId: String(v._id),
    purpose: 'rate',
    start: v.start.getTime(),
    expires: v.start.getTime() + RATING_LINK_DAYS * 86_400_000,
  });
  const link = visitLinkUrl(siteOf(deps), token);
  return {
    subject: REMINDER_MSG.rateSubject(when(v.start)),
    text: REMINDER_MSG.rateText(ctx.customer.firstName, ctx.cleaner?.firstName ?? '', when(v.start), link),
    url: link.startsWith('/') ? link : '/orders',
  };
}

/** The cleaner's list of a day's visits, in order, with addresses and phones (never the access notes: mail is not the place). */
export function eveningMessage(name: string, day: string, visits: VisitContext[]): NoticeMessage {
  const lines = visits
    .map((c) =>
      REMINDER_MSG.eveningLine({
        time: londonDateAndTime(c.visit.start)?.time ?? '',
        customer: c.customer.name,
        address: c.address,
        phone: c.phone,
      })
    )
    .join('\n\n');
  const dayText = formatDay(visits[0]?.visit.start ?? Date.parse(day));
  return { subject: REMINDER_MSG.eveningSubject(dayText, visits.length), text: REMINDER_MSG.eveningText(name.split(' ')[0], dayText, lines), url: '/employee' };
}

/**
 * The cleaner's "On my way" (their own scheduled visit only): stored once with the minutes, and the
 * customer told at once. Tapped again (another device, a retry): answered, the customer not told twice.
 */
export async function onMyWay(deps: NoticeDeps, employeeId: string, visitId: string, minutes: number): Promise<{ told: boolean; }> {
  const v = await Visit.findOne({ _id: oid(visitId), employee: oid(employeeId) }).lean<VisitDoc>();
  if (!v) throw notFound(VISIT_MSG.visitNotFound);
  if (v.on_my_way_at) return { told: false };
  if (v.state !== 'scheduled') throw conflict(REMINDER_MSG.onMyWayNotScheduled);
  const set = await Visit.updateOne({ _id: v._id, employee: oid(employeeId), state: 'scheduled', on_my_way_at: null }, {
    $set: { on_my_way_at: deps.clock.now(), on_my_way_minutes: minutes },
  });
  if (!set.modifiedCount) return { told: false };
  const ctx = await visitContext(v._id);
  if (ctx) {
    const cleaner = ctx.cleaner?.firstName ?? '';
    await notify(deps, { type: 'customer', id: ctx.customer.id }, 'on_my_way', {
      subject: REMINDER_MSG.onMyWaySubject(cleaner, minutes),
      text: REMINDER_MSG.onMyWayText(ctx.customer.firstName, cleaner, minutes, when(v.start)),
      url: '/orders',
    });
  }
  return { told: true };
}

/** "Finished": the customer told that the work is done (kind on_my_way: the visit's live notices). */
export function finishedMessage(ctx: VisitContext): NoticeMessage {
  return {
    subject: REMINDER_MSG.finishedSubject(when(ctx.visit.start)),
    text: REMINDER_MSG.finishedText(ctx.customer.firstName, ctx.cleaner?.firstName ?? '', when(ctx.visit.start)),
    url: '/orders',
  };
}

export const SYSTEM_ACTOR = { id: 'system', name: 'SparkleClean (automatic)', role: 'system' };

/** The office's alert about a visit not started 30 minutes after its time: a mail to OFFICE_EMAIL and an audit entry. */
export async function alertLateStart(deps: NotifyDeps, ctx: VisitContext): Promise<void> {
  const v = ctx.visit;
  const reference = v.reference ?? '';
  await notify(deps, { type: 'office' }, 'transactional', {
    subject: REMINDER_MSG.lateSubject(reference, when(v.start)),
    text: REMINDER_MSG.lateText({ reference, when: when(v.start), cleaner: ctx.cleaner?.name ?? '', address: ctx.address, phone: ctx.phone }),
  });
  await recordAudit({
    actor: SYSTEM_ACTOR,
    action: 'visit.late-start-alert',
    target: { type: 'booking', id: String(v.plan), label: `${reference}, visit of ${londonDate(v.start)}` },
    after: { visit: String(v._id), start: v.start.toISOString(), employee: v.employee ? String(v.employee) : null },
  });
}
