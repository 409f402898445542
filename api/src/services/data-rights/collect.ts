// What a copy of one person's data holds: every collection's rows about them, shaped so
// nothing about anyone else rides along (a cleaner's hours are not in a customer's copy, another
// customer's address is not in a cleaner's). One JSON document per kind, plus their own files.
import { firstName } from '@shared/names';
import { AuditLog } from '../../models/AuditLog';
import { BlogPost, type BlogPostDoc } from '../../models/BlogPost';
import { BLOG_BUCKET, publicBlogPost } from '../blog/post-view';
import { Booking, type BookingDoc } from '../../models/Booking';
import { customerBooking } from '../bookings/customer-booking';
import { stateView } from '../bookings/state-view';
import { CareerApplication, CV_BUCKET } from '../../models/CareerApplication';
import { ContactMessage } from '../../models/ContactMessage';
import { DataRequest } from '../../models/DataRequest';
import { Employee, type EmployeeDoc } from '../../models/Employee';
import { publicEmployee } from '../accounts/account-view';
import { Enquiry } from '../../models/Enquiry';
import { NotificationPreference } from '../../models/NotificationPreference';
import { Plan, type PlanDoc } from '../../models/Plan';
import { PushSubscription } from '../../models/PushSubscription';
import { Rating } from '../../models/Rating';
import { User, type UserDoc } from '../../models/User';
import { publicUser } from '../accounts/account-view';
import { Visit, type VisitDoc } from '../../models/Visit';
import { statementsOf } from './statements-part';
import { visitRecordsOf } from './photos-part';
import { listHomes } from '../homes/homes';

export interface ExportFile {
  /** Path inside the ZIP, under files/. */
  path: string;
  bucket: string;
  filename: string;
}

export interface ExportBundle {
  /** Whose copy it is (the README's first line). */
  name: string;
  json: Record<string, unknown>;
  files: ExportFile[];
  /** Rows gathered: decides whether the copy is made at once or by the job runner. */
  rows: number;
}

const noId = <T extends Record<string, unknown>>(o: T) => {
  const { _id, __v, ...rest } = o;
  return { id: String(_id), ...rest };
};

/** Contact messages, enquiries and applications sent with this e-mail address, and the CVs among them. */
async function messagesFrom(email: string) {
  const [contact, enquiries, applications] = await Promise.all([
    ContactMessage.find({ email }).sort({ created_at: 1 }).lean(),
    Enquiry.find({ email }).sort({ created_at: 1 }).lean(),
    CareerApplication.find({ email }).sort({ created_at: 1 }).lean(),
  ]);
  // The office's handler is one of the staff: their id is theirs, not the writer's.
  const shape = (m: Record<string, unknown>) => {
    const { handled_by: _by, ...rest } = noId(m);
    return rest;
  };
  const files: ExportFile[] = applications
    .filter((a) => a.cv?.stored_name)
    .map((a) => ({
      path: `files/cv-${String(a._id)}-${(a.cv!.original_name ?? a.cv!.stored_name).replace(/[^\w.-]+/g, '_')}`,
      bucket: CV_BUCKET,
      filename: a.cv!.stored_name,
    }));
  return {
    messages: { contact_messages: contact.map(shape), enquiries: enquiries.map(shape), job_applications: applications.map(shape) },
    files,
    rows: contact.length + enquiries.length + applications.length,
  };
}

/** The audit log's entries about this record: by role only, not the office member's name. */
async function auditAbout(id: string) {
  const entries = await AuditLog.find({ 'target.id': id }).sort({ at: 1 }).lean();
  return entries.map((e) => ({
    at: e.at,
    action: e.action,
    by_role: e.actor?.role,
    before: e.before ?? null,
    after: e.after ?? null,
    note: e.note ?? undefined,
  }));
}

async function commonParts(type: 'customer' | 'employee', id: string) {
  const [prefs, subs, audit, requests] = await Promise.all([
    NotificationPreference.findById(`${type}:${id}`).lean(),
    PushSubscription.find({ person_type: type, person_id: id }).lean(),
    auditAbout(id),
    DataRequest.find({ 'subject.id': id }).sort({ at: 1 }).lean(),
  ]);
  return {
    'notification-preferences.json': prefs
      ? noId(prefs as Record<string, unknown>)
      : { note: 'No choices made: every kind of notice by e-mail and push (once a device is turned on).' },
    'push-subscriptions.json': subs.map((s) => ({
      id: String(s._id),
      device: s.user_agent,
      push_service: new URL(s.endpoint).host,
      created_at: s.created_at,
      last_sent_at: s.last_sent_at,
    })),
    'audit.json': audit,
    'data-requests.json': requests.map((r) => ({ at: r.at, kind: r.kind, by: r.by.type, state: r.state ?? undefined })),
    rows: subs.length + audit.length + requests.length + 1,
  };
}

/** A customer's copy: account, bookings with their plans and visits, statements, messages, choices, devices, audit. */
export async function collectCustomer(userId: string, vatPercent: number, now: Date): Promise<ExportBundle | null> {
  const user = await User.findById(userId).lean<UserDoc>();
  if (!user) return null;
  const [bookings, plans, visits, ratings, from, common, homes] = await Promise.all([
    Booking.find({ user: user._id }).sort({ created_at: 1 }).lean<BookingDoc[]>(),
    Plan.find({ user: user._id }).lean<PlanDoc[]>(),
    Visit.find({ user: user._id }).sort({ start: 1 }).lean<VisitDoc[]>(),
    Rating.find({ user: user._id }).sort({ created_at: 1 }).lean(),
    messagesFrom(user.email),
    commonParts('customer', userId),
    // Their homes with the access notes, keys and alarm codes opened: their own words.
    listHomes(userId),
  ]);
  // Cleaners appear by first name only, as the customer sees them in the app.
  const cleanerIds = [
    ...new Set([...bookings.map((b) => b.accepted_by), ...visits.map((v) => v.employee), ...ratings.map((r) => r.employee)].filter(Boolean).map(String)),
  ];
  const cleaners = new Map((await Employee.find({ _id: { $in: cleanerIds } }, { name: 1 }).lean()).map((e) => [String(e._id), firstName(e.name)]));
  const cleanerOf = (id: unknown) => (id ? cleaners.get(String(id)) : undefined);
  const bookingRows = bookings.map((b) => {
    const plan = plans.find((p) => String(p._id) === String(b._id));
    return {
      ...customerBooking(
        b,
        b.accepted_by ? cleaners.get(String(b.accepted_by)) : undefined,
        stateView(b, { plan: plan ?? null, next: null, done: false }, 'customer', now.getTime()),
      ),
      plan: plan
        ? {
          frequency: plan.frequency,
          first_visit: plan.anchor,
          time: plan.time,
          days: plan.days,
          interval_weeks: plan.interval_weeks,
          state: plan.state,
          paused_from: plan.paused_from,
          paused_until: plan.paused_until,
          ends_on: plan.ends_on,
          cleaner_first_name: cleanerOf(plan.employee),
        }
        : null,
      visits: visits
        .filter((v) => String(v.plan) === String(b._id))
        .map((v) => ({
          id: String(v._id),
          day: v.day,
          start: v.start,
          state: v.state,
          moved_or_changed: v.exception,
          cleaner_first_name: cleanerOf(v.employee),
          cancel_reason: v.cancel_reason,
          // What the visit costs, and a late change's charge the customer accepted (their statement).
          price_pence: v.price_pence ?? undefined,
          late_charge_pence: v.late_charge_pence ?? undefined,
          late_charge_at: v.late_charge_at ?? undefined,
        })),
    };
  });
  const { rows, ...parts } = common;
  const { has_password, ...account } = publicUser(user);
  const statements = await statementsOf(user._id, visits, vatPercent);
  const record = await visitRecordsOf(user._id);
  return {
    name: user.name,
    json: {
      'account.json': {
        ...account,
        signs_in_with: [has_password ? 'password' : null, user.googleId ? 'Google' : null].filter(Boolean),
        closed_at: user.closed_at ?? undefined,
      },
      'bookings.json': bookingRows,
      'homes.json': homes.map(({ in_use: _inUse, ...home }) => home),
      'statements.json': statements,
      ...record.json,
      'ratings.json': ratings.map((r) => ({
        visit_id: String(r.visit),
        reference: r.reference,
        visit_start: r.visit_start,
        cleaner_first_name: cleanerOf(r.employee),
        stars: r.stars,
        comment: r.comment,
        rated_at: r.created_at,
      })),
      'messages.json': from.messages,
      'sessions.json': {
        signed_out_everywhere_times: user.tokenVersion ?? 0,
        note: 'Sessions are signed tokens that are not stored; signing out, changing the password or closing the account ends every one of them.',
      },
      ...parts,
    },
    files: [...from.files, ...record.files],
    rows: rows + bookings.length + visits.length + ratings.length + from.rows + record.rows + homes.length + 1,
  };
}

/** A staff member's copy: account, the cleans they did with their hours, blog posts and images, CV. */
export async function collectEmployee(employeeId: string): Promise<ExportBundle | null> {
  const e = await Employee.findById(employeeId).lean<EmployeeDoc>();
  if (!e) return null;
  const [bookings, visits, posts, from, common] = await Promise.all([
    Booking.find({ accepted_by: e._id }).sort({ created_at: 1 }).lean<BookingDoc[]>(),
    Visit.find({ employee: e._id, on_booking: { $ne: true } }).sort({ start: 1 }).lean<VisitDoc[]>(),
    BlogPost.find({ author: e._id }).sort({ created_at: 1 }).lean<BlogPostDoc[]>(),
    messagesFrom(e.email),
    commonParts('employee', employeeId),
  ]);
  // Their work, not the customer's details: the reference, when, and the hours and review.
  const work = (r: BookingDoc | VisitDoc, when: unknown) => ({
    reference: r.reference,
    when,
    hours: r.submitted_work_hours,
    completion_notes: r.completion_notes,
    submitted_at: r.submitted_at,
    timesheet_status: r.timesheet_status,
    office_question: r.timesheet_query?.message,
    approved_at: r.approved_at,
  });
  const { rows, ...parts } = common;
  return {
    name: e.name,
    json: {
      'account.json': publicEmployee(e),
      'jobs.json': {
        bookings: bookings.map((b) => ({ ...work(b, b.scheduledAt ?? b.bestDays), status: b.status, accepted_at: b.accepted_at })),
        // A late change's pay line is theirs (README "Prices"); the customer's charge is not.
        visits: visits.map((v) => ({ ...work(v, v.start), state: v.state, late_charge_pay_pence: v.late_charge_cleaner_pence ?? undefined })),
      },
      'blog-posts.json': posts.map(publicBlogPost),
      'messages.json': from.messages,
      'sessions.json': {
        last_login: e.last_login ?? null,
        signed_out_everywhere_times: e.tokenVersion ?? 0,
        note: 'Sessions are signed tokens that are not stored.',
      },
      ...parts,
    },
    files: [
      ...from.files,
      ...posts.filter((p) => p.image_path).map((p) => ({ path: `files/blog-${p.image_path}`, bucket: BLOG_BUCKET, filename: p.image_path! })),
    ],
    rows: rows + bookings.length + visits.length + posts.length + from.rows + 1,
  };
}

/** Someone known only by e-mail (an applicant, a person who wrote to us): what they sent and their CVs. */
export async function collectByEmail(email: string): Promise<ExportBundle | null> {
  const from = await messagesFrom(email);
  if (!from.rows) return null;
  return { name: email, json: { 'messages.json': from.messages }, files: from.files, rows: from.rows };
}
