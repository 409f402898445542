// Mails to a cleaner about their jobs when the office acts on them: given a job, a job taken back or
// cancelled, hours queried. The screen says "sent to the cleaner"; this is what sends it. A job's change
// is built here (…Telling) and sent by the change-telling service (changes.ts), once; the query of hours
// is mailed now. Sending never fails the request that triggered it: failures are logged.
import { notify, type NotifyDeps } from '../../notify/notify';
import { CHANGE_MAIL_MSG } from '@shared/messages-api';
import { formatPostcode } from '@shared/postcode';
import { Employee } from '../../models/Employee';
import type { BookingDoc } from '../../models/Booking';
import { summaryText } from '../bookings/booking-mail';
import { currentCompany } from '../office/company';
import type { Company } from '@shared/company';
import type { Telling } from './telling';

type MailDeps = NotifyDeps;
type Job = Parameters<typeof summaryText>[0] & Pick<BookingDoc, 'phone'>;
type Cleaner = { _id?: unknown; name: string; email: string; };

/** Looks the cleaner up when only the id is known; null (logged) when they are gone. */
async function cleanerOf(deps: MailDeps, who: Cleaner | string): Promise<Cleaner | null> {
  if (typeof who !== 'string') return who;
  const found = await Employee.findById(who, { name: 1, email: 1 }).lean<Cleaner>();
  if (!found) deps.log.warn({ employeeId: who }, 'no cleaner to tell');
  return found;
}

/** The message to the cleaner about `job`; none when they are gone. `who` names it within the change. */
async function cleanerTelling(deps: MailDeps, who: Cleaner | string, job: Job, what: string, text: (co: Company, name: string) => string): Promise<Telling[]> {
  const [cleaner, co] = await Promise.all([cleanerOf(deps, who), currentCompany()]);
  if (!cleaner) return [];
  const id = String(cleaner._id);
  return [{
    who: `employee:${id}:job`,
    to: { type: 'employee', id },
    kind: 'changes',
    message: { subject: CHANGE_MAIL_MSG.cleanerSubject(co, what, job.reference), text: text(co, cleaner.name), url: '/employee' },
  }];
}

export function jobAssignedTelling(deps: MailDeps, job: Job, cleaner: Cleaner, state: string): Promise<Telling[]> {
  const address = [job.address, formatPostcode(job.postcode)].filter(Boolean).join(', ');
  return cleanerTelling(
    deps,
    cleaner,
    job,
    CHANGE_MAIL_MSG.assignedSubject,
    (co, name) => CHANGE_MAIL_MSG.assigned(co, name, summaryText(job, state), address, job.phone ?? '—'),
  );
}

export function jobTakenBackTelling(deps: MailDeps, job: Job, cleaner: Cleaner | string, state: string): Promise<Telling[]> {
  return cleanerTelling(deps, cleaner, job, CHANGE_MAIL_MSG.takenBackSubject, (co, name) => CHANGE_MAIL_MSG.takenBack(co, name, summaryText(job, state)));
}

export function jobCancelledTelling(deps: MailDeps, job: Job, cleaner: Cleaner | string, reason: string, state: string): Promise<Telling[]> {
  return cleanerTelling(
    deps,
    cleaner,
    job,
    CHANGE_MAIL_MSG.cancelledSubject,
    (co, name) => CHANGE_MAIL_MSG.cancelled(co, name, reason, summaryText(job, state)),
  );
}

export async function sendHoursQueriedMail(
  deps: MailDeps,
  job: Job & Pick<BookingDoc, 'submitted_work_hours'>,
  cleaner: Cleaner | string,
  question: string,
): Promise<boolean> {
  try {
    const [told] = await cleanerTelling(
      deps,
      cleaner,
      job,
      CHANGE_MAIL_MSG.queriedSubject,
      (co, name) => CHANGE_MAIL_MSG.queried(co, name, job.submitted_work_hours ?? 0, question, summaryText(job)),
    );
    if (!told) return false;
    await notify(deps, told.to, told.kind, told.message);
    return true;
  } catch (err) {
    deps.log.error({ err, bookingId: String(job._id), what: CHANGE_MAIL_MSG.queriedSubject }, 'cleaner mail could not be sent');
    return false;
  }
}
