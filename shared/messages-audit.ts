// The office's audit entries in words: "Returned to available: was Cara Cleaner" instead of
// `booking.unassign` and `accepted_by: 64f…`. Pure: the entry's before/after and the names of the
// people whose ids they hold (the API sends those beside each entry as `names`).
import type { AuditEntry, AuditTargetType } from './schemas/office';
import { formatPence } from './pricing';
import { formatWhen } from './when';

type Values = Record<string, unknown> | null;
type Names = Record<string, string>;

/** Keys whose values are a staff member's id: shown as their name. */
export const AUDIT_PERSON_KEYS = ['accepted_by', 'employee', 'author', 'handled_by', 'approved_by'] as const;

export const AUDIT_TARGET_WORDS: Record<AuditTargetType, string> = {
  staff: 'Team member',
  booking: 'Booking',
  customer: 'Customer',
  timesheet: 'Timesheet',
  message: 'Inbox',
  blog_post: 'Blog post',
  company: 'Company',
  price_list: 'Price list',
  checklist: 'Checklist',
};

const FIELD_WORDS: Record<string, string> = {
  status: 'Status',
  accepted_by: 'Cleaner',
  employee: 'Cleaner',
  start: 'When',
  state: 'State',
  changed: 'Visits changed',
  cancel_reason: 'Reason',
  self_assigned: 'Gave it to themselves',
  role: 'Role',
  is_active: 'Active',
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  address: 'Address',
  post_code: 'Postcode',
  area_serves: 'Area served',
  best_suited_for: 'Best suited for',
  has_own_car: 'Own car',
  pay_rate_pence: 'Pay per hour',
  late_charge_pence: 'Late charge',
  blocked: 'Blocked',
  hours: 'Hours',
  note: 'Note',
  title: 'Title',
  slug: 'Address of the post',
  author: 'Author',
  image_path: 'Image',
  expires_at: 'Link valid until',
  invitation: 'Invitation',
};
/** Fields said in the sentence already, or only for the machine. */
const UNSHOWN = new Set(['employee_name']);

const STATUS_WORDS: Record<string, string> = {
  pending: 'Waiting for a cleaner',
  accepted: 'Accepted',
  completed: 'Completed',
  rejected: 'Cancelled',
  cancelled: 'Cancelled',
  scheduled: 'Scheduled',
  skipped: 'Skipped',
  submitted: 'Waiting for approval',
  queried: 'Queried',
  approved: 'Approved',
  handled: 'Handled',
  new: 'New',
};

const personOf = (id: unknown, names: Names): string => (typeof id === 'string' && id ? (names[id] ?? 'a former team member') : 'nobody');

/** One value as people read it. */
export function auditValue(key: string, v: unknown, names: Names): string {
  if ((AUDIT_PERSON_KEYS as readonly string[]).includes(key)) return personOf(v, names);
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (key === 'pay_rate_pence' && typeof v === 'number') return `£${(v / 100).toFixed(2)}`;
  if (key === 'late_charge_pence' && typeof v === 'number') return formatPence(v);
  if ((key === 'start' || key === 'expires_at') && typeof v === 'string') return formatWhen(v) || v;
  if ((key === 'status' || key === 'state') && typeof v === 'string') return STATUS_WORDS[v] ?? v;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

const fieldWord = (key: string) => FIELD_WORDS[key] ?? key.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** The changed fields, each as [label, before, after] in words. */
export function auditChanges(before: Values, after: Values, names: Names): Array<[string, string, string]> {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !UNSHOWN.has(k));
  return keys.map((k) => [fieldWord(k), auditValue(k, before?.[k], names), auditValue(k, after?.[k], names)]);
}

/** What was done, as one sentence. */
export function auditSummary(a: Pick<AuditEntry, 'action' | 'before' | 'after'>, names: Names): string {
  const b = a.before ?? {};
  const f = a.after ?? {};
  const following = a.action.endsWith('-following') ? ', and the visits after it' : '';
  const was = (id: unknown) => (id ? ` (was ${personOf(id, names)})` : '');
  switch (a.action.replace(/-following$/, '')) {
    case 'booking.assign':
      return `Given to ${personOf(f.accepted_by, names)}${was(b.accepted_by)}`;
    case 'booking.unassign':
    case 'booking.release':
      return `Returned to available: was ${personOf(b.accepted_by, names)}`;
    case 'booking.cancel':
      return `Cancelled${f.cancel_reason ? `: ${String(f.cancel_reason)}` : ''}${was(b.accepted_by)}`;
    case 'visit.moved':
      return `Visit moved to ${auditValue('start', f.start, names)}${following}`;
    case 'visit.reassigned':
      return `Visit given to ${personOf(f.employee, names)}${was(b.employee)}${following}`;
    case 'visit.cancelled':
      return `Visit cancelled${following}`;
    case 'visit.lockout':
      return `Cleaner couldn’t get in: visit of ${auditValue('start', f.start, names)} skipped${
        f.late_charge_pence ? `, ${formatPence(Number(f.late_charge_pence))} charged` : ''
      }`;
    case 'staff.invite':
      return 'Invited to the team';
    case 'staff.invite.resend':
      return 'Invitation sent again';
    case 'staff.invite.revoke':
      return 'Invitation withdrawn';
    case 'staff.deactivate':
      return 'Deactivated';
    case 'staff.reactivate':
      return 'Reactivated';
    case 'staff.role':
      return `Role changed from ${auditValue('role', b.role, names)} to ${auditValue('role', f.role, names)}`;
    case 'staff.update':
      return `Details changed: ${auditChanges(a.before, a.after, names).map(([label]) => label.toLowerCase()).join(', ')}`;
    case 'customer.block':
      return 'Blocked';
    case 'customer.unblock':
      return 'Unblocked';
    case 'timesheet.approved':
      return `Hours approved (${auditValue('hours', f.hours, names)} h)`;
    case 'timesheet.queried':
      return 'Hours queried';
    case 'company.update':
      return 'Company details changed';
    case 'inbox.handled':
      return 'Marked handled';
    case 'inbox.reopened':
      return 'Marked new again';
    case 'inbox.note':
      return 'Note changed';
    case 'blog.edit':
      return 'Post edited';
    case 'blog.delete':
      return 'Post deleted';
    case 'booking.price':
      return 'Price per visit changed';
    case 'price_list.save':
      return 'Price list saved';
    case 'checklist.save':
      return 'Checklist saved';
    case 'checklist.stop':
      return 'Checklist no longer used';
    case 'customer.close':
      return 'Closed their account';
    case 'data.export':
      return 'Copy of their data made';
    case 'applicant.erase':
      return 'Applicant erased';
    case 'retention.run':
      return 'Data past its retention period removed';
    case 'closed-days.added':
      return 'Closed day added';
    case 'closed-days.removed':
      return 'Closed day removed';
    case 'statement.paid':
      return `Statement for ${String(f.month ?? '')} marked paid${f.payment_reference ? ` (reference ${String(f.payment_reference)})` : ''}`;
    case 'statement.unpaid':
      return `Statement for ${String(f.month ?? '')} marked unpaid`;
    case 'visit.late-start-alert':
      return 'Office alerted: visit not started 30 minutes after its time';
    default:
      return a.action;
  }
}
