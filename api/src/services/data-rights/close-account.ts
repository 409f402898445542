// "Close my account": the customer proves it is them (password, or an e-mailed code for a
// Google account), then future visits are cancelled, every session and device ends, and the account
// is anonymised. Bookings, visits and timesheets stay, linked to the account's opaque id, so payroll
// and statements still add up until the retention job removes them (jobs/retention.ts).
import { DATA_RIGHTS_MSG as M } from '@shared/messages-data-rights';
import { formatPostcode } from '@shared/postcode';
import { londonDate } from '@shared/visits';
import type { CloseAccountInput } from '@shared/schemas/data-rights';
import type { Deps } from '../../deps';
import { badRequest, conflict } from '../../lib/errors';
import { takePasswordAttempt } from '../../lib/password-attempts';
import { Booking } from '../../models/Booking';
import { CalendarAddress } from '../../models/CalendarAddress';
import { DataRequest } from '../../models/DataRequest';
import { NotificationPreference } from '../../models/NotificationPreference';
import { Otp } from '../../models/Otp';
import { Plan } from '../../models/Plan';
import { PushSubscription } from '../../models/PushSubscription';
import { Rating } from '../../models/Rating';
import { User, type UserDoc } from '../../models/User';
import { Visit } from '../../models/Visit';
import { recordAudit } from '../office/audit';
import { tellChange, tellEach } from '../plans/changes';
import { Notice } from '../../models/Notice';
import { CHANGES_MSG } from '@shared/messages-changes';
import { deliverCode, checkOtp, takeCodeRequestFromIp } from '../accounts/otp';
import { checkPassword } from '../accounts/passwords';
import { bumpWriteVersion } from '../../models/write-version';
import { Home } from '../../models/Home';

type CloseDeps = Pick<Deps, 'config' | 'clock' | 'mailer' | 'log' | 'push' | 'jobs'>;

/** Free-text and contact fields a booking, plan or visit may carry: removed whatever the schema of the day. */
const CONTACT_FIELDS = ['address', 'phone', 'access_notes', 'notes', 'customer_notes', 'instructions'] as const;
const unsetAll = Object.fromEntries(CONTACT_FIELDS.map((f) => [f, '']));

/** Wrong passwords allowed per account before a pause (the same guard as a password change). */
const CLOSE_LIMIT = { name: 'close-account-fail', max: 10, windowMs: 15 * 60_000, message: M.wrongPassword };

export const CLOSED_NAME = 'Closed account';
export const closedEmail = (id: string) => `closed-${id}@closed.invalid`;

/** A Google account has no password: the code proves the person still reads the account's mail. */
export async function sendCloseCode(deps: CloseDeps, user: UserDoc, ip: string): Promise<void> {
  if (user.closed_at) throw conflict(M.alreadyClosed);
  await takeCodeRequestFromIp(ip, deps.clock.now());
  await deliverCode(deps, user.email, 'close-account', { subject: M.closeCodeSubject, text: M.closeCodeText }, {
    resendMessage: (s) => `Please wait ${s} seconds before asking again.`,
  });
}

async function proveItIsThem(deps: CloseDeps, user: UserDoc, input: CloseAccountInput) {
  if (user.passwordHash) {
    if (!input.password) throw badRequest(M.passwordRequired, { errors: { password: M.passwordRequired } });
    const attempt = await takePasswordAttempt([{ ...CLOSE_LIMIT, key: String(user._id) }], deps.clock.now());
    if (!(await checkPassword(input.password, user.passwordHash, deps.config.bcryptCost))) {
      throw badRequest(M.wrongPassword, { errors: { password: M.wrongPassword } });
    }
    await attempt.succeeded();
    return;
  }
  if (!input.code) throw badRequest(M.codeRequired, { errors: { code: M.codeRequired } });
  const check = await checkOtp(deps.config.otpPepper, user.email, 'close-account', input.code, deps.clock.now().getTime());
  if (!check.ok) throw badRequest(M.wrongCode, { errors: { code: M.wrongCode } });
}

export interface ClosedSummary {
  visitsCancelled: number;
  requestsCancelled: number;
}

export async function closeCustomerAccount(deps: CloseDeps, user: UserDoc, input: CloseAccountInput): Promise<ClosedSummary> {
  if (user.closed_at) throw conflict(M.alreadyClosed);
  await proveItIsThem(deps, user, input);
  const now = deps.clock.now();
  const id = user._id;
  // First what can be done again safely; the account itself is anonymised last, so a crash part-way
  // leaves an open account the customer can close again.
  const upcoming = await Visit.find({ user: id, state: 'scheduled', start: { $gt: now } }, { plan: 1, reference: 1, employee: 1 }).lean();
  const visits = await Visit.updateMany({ user: id, state: 'scheduled', start: { $gt: now } }, {
    $set: { state: 'cancelled', cancel_reason: M.closedReason },
    $inc: { version: 1 },
  });
  // Its plans end by the account's closing, its open requests are withdrawn (when and why kept).
  const running = await Plan.find({ user: id, state: { $nin: ['ended', 'cancelled'] } }, { _id: 1 }).lean();
  await Plan.updateMany({ user: id, state: { $nin: ['ended', 'cancelled'] } }, {
    $set: { state: 'ended', ends_on: londonDate(now.getTime()), ended_by: 'account', ended_at: now, end_reason: M.closedReason },
    $inc: { version: 1 },
  });
  if (running.length) await Booking.updateMany({ _id: { $in: running.map((p) => p._id) } }, { $set: { plan_ended_at: now } });
  const requests = await Booking.updateMany({ user: id, status: 'pending', work_submitted: { $ne: true } }, {
    $set: { status: 'withdrawn', cancel_reason: M.closedReason, cancelled_at: now, cancelled_by: 'account' },
  });
  // The raw collections: a field another part of the product adds later is removed too.
  for (const model of [Booking, Plan, Visit]) await model.collection.updateMany({ user: id }, { $unset: unsetAll });
  // Past the models: their write versions are moved here (answers kept per version, versioned-cache.ts).
  for (const name of ['bookings', 'plans', 'visits']) await bumpWriteVersion(name);
  // A rating's comment is the customer's own words; its stars stay in the cleaner's average.
  await Rating.updateMany({ user: id }, { $set: { comment: '' } });
  // The full postcode points at a handful of homes: only its district stays, for the area figures.
  for (const pc of await Booking.distinct('postcode', { user: id })) {
    const district = formatPostcode(String(pc)).split(' ')[0];
    if (district !== pc) await Booking.updateMany({ user: id, postcode: pc }, { $set: { postcode: district } });
  }
  await PushSubscription.deleteMany({ person_type: 'customer', person_id: id });
  // Their homes: addresses, access notes, keys and alarm codes (the plans and bookings keep only a dangling id).
  await Home.deleteMany({ user: id });
  // The calendar address goes too: its feed would keep listing the visits' dates and the cleaner's name.
  await CalendarAddress.deleteMany({ owner_kind: 'customer', owner: id });
  await NotificationPreference.deleteOne({ _id: `customer:${String(id)}` });
  // What they were told holds their name and address.
  await Notice.deleteMany({ person_type: 'customer', person_id: id });
  await Otp.deleteMany({ email: user.email });
  // One conditional update: bumping the token version ends every session at once, and the e-mail
  // address is freed for a new sign-up.
  const done = await User.updateOne(
    { _id: id, closed_at: { $exists: false } },
    {
      $set: { name: CLOSED_NAME, email: closedEmail(String(id)), search_keys: [], closed_at: now },
      $unset: { phone: '', address: '', passwordHash: '', googleId: '', picture: '' },
      $inc: { tokenVersion: 1 },
    },
  );
  if (!done.modifiedCount) throw conflict(M.alreadyClosed);
  const summary = { visitsCancelled: visits.modifiedCount, requestsCancelled: requests.modifiedCount };
  // Each cleaner hears once per plan that their later visits there are off.
  const plans = new Map<string, { reference: string; employees: Set<string>; open: string[]; }>();
  for (const x of upcoming) {
    const plan = plans.get(String(x.plan)) ?? { reference: x.reference ?? '', employees: new Set<string>(), open: [] };
    if (x.employee) plan.employees.add(String(x.employee));
    else plan.open.push(String(x._id));
    plans.set(String(x.plan), plan);
  }
  for (const [planId, plan] of plans) {
    await tellChange(deps, {
      key: `closed:${String(id)}:${planId}`,
      plan: planId,
      reference: plan.reference,
      employees: [...plan.employees],
      what: M.cleanerToldClosed,
      notOpen: plan.open.map((visit) => ({ visit, covered: false })),
    });
  }
  const references = [...plans.values()].map((p) => p.reference).filter(Boolean);
  await tellEach(deps, `closed:${String(id)}`, [{
    who: 'office',
    to: { type: 'office' },
    kind: 'transactional',
    message: { subject: CHANGES_MSG.officeClosedSubject(user.name), text: CHANGES_MSG.officeClosedText(user.name, references) },
  }]).catch((err: unknown) => deps.log.error({ err }, 'the office could not be told of a closed account'));
  await DataRequest.create({ at: now, kind: 'close', subject: { type: 'customer', id: String(id) }, by: { type: 'self', id: String(id) } });
  await recordAudit({
    actor: { id: String(id), name: M.byThemselves, role: 'customer' },
    action: 'customer.close',
    target: { type: 'customer', id: String(id) },
    after: { closed: true, ...summary },
  });
  deps.log.info({ customer: String(id), ...summary }, 'customer closed their account');
  return summary;
}
