// Mails to a cleaner about their jobs when the office acts on them: given a job, a job taken back or
// cancelled, hours queried. The screen says "sent to the cleaner"; this is what sends it. Sending never
// fails the request that triggered it: failures are logged (like booking-mail.ts for customers).
import { notify, type NotifyDeps } from '../../notify/notify';
import { CHANGE_MAIL_MSG } from '@shared/messages-api';
import { formatPostcode } from '@shared/postcode';
import { Employee } from '../../models/Employee';
import type { BookingDoc } from '../../models/Booking';
import { summaryText } from '../bookings/booking-mail';
import { currentCompany } from '../office/company';
import type { Company } from '@shared/company';

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

async function mailCleaner(deps: MailDeps, who: Cleaner | string, job: Job, what: string, text: (co: Company, name: string) => string): Promise<boolean> {
  try {
    const [cleaner, co] = await Promise.all([cleanerOf(deps, who), currentCompany()]);
    if (!cleaner) return false;
    await notify(deps, { type: 'employee', id: String(cleaner._id) }, 'changes', {
      subject: CHANGE_MAIL_MSG.cleanerSubject(co, what, job.reference),
      text: text(co, cleaner.name),
      url: '/employee',
    });
    return true;
  } catch (err) {
    deps.log.error({ err, bookingId: String(job._id), what }, 'cleaner mail could not be sent');
    return false;
  }
}

export function sendJobAssignedMail(deps: MailDeps, job: Job, cleaner: Cleaner): Promise<boolean> {
  const address = [job.address, formatPostcode(job.postcode)].filter(Boolean).join(', ');
  return mailCleaner(
    deps,
    cleaner,
    job,
    CHANGE_MAIL_MSG.assignedSubject,
    (co, name) => CHANGE_MAIL_MSG.assigned(co, name, summaryText(job), address, job.phone ?? '—'),
  );
}

export function sendJobTakenBackMail(deps: MailDeps, job: Job, cleaner: Cleaner | string): Promise<boolean> {
  return mailCleaner(deps, cleaner, job, CHANGE_MAIL_MSG.takenBackSubject, (co, name) => CHANGE_MAIL_MSG.takenBack(co, name, summaryText(job)));
}

export function sendJobCancelledMail(deps: MailDeps, job: Job, cleaner: Cleaner | string, reason: string): Promise<boolean> {
  return mailCleaner(deps, cleaner, job, CHANGE_MAIL_MSG.cancelledSubject, (co, name) => CHANGE_MAIL_MSG.cancelled(co, name, reason, summaryText(job)));
}

export function sendHoursQueriedMail(
  deps: MailDeps,
  job: Job & Pick<BookingDoc, 'submitted_work_hours'>,
  cleaner: Cleaner | string,
  question: string,
): Promise<boolean> {
  return mailCleaner(
    deps,
    cleaner,
    job,
    CHANGE_MAIL_MSG.queriedSubject,
    (co, name) => CHANGE_MAIL_MSG.queried(co, name, job.submitted_work_hours ?? 0, question, summaryText(job)),
  );
}
