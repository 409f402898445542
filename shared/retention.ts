// How long each kind of personal data is kept. The one source of the periods: the API's
// settings default to these (config.ts, README) and the privacy page states them, so a test can hold
// the page to the settings.

export const RETENTION_DEFAULTS = {
  /** Contact messages and quote enquiries, from receipt. */
  messagesMonths: 24,
  /** Job applications and their CVs, after the office marks them handled. */
  applicationClosedMonths: 6,
  /** Job applications and their CVs, from receipt, whatever their state. */
  applicationMonths: 12,
  /** A closed (anonymised) customer's remaining bookings, plans and visits, from closing. */
  closedAccountYears: 6,
  /** Timesheets (hours worked, payroll records), from the work's submission. */
  timesheetYears: 6,
  /** A deactivated staff account, anonymised after its last change. */
  staffYears: 6,
  /** Copies of outgoing mail written to the outbox folder (when no mail server is set). */
  outboxDays: 30,
  /** A prepared data export's download link. */
  exportLinkDays: 7,
} as const;

/**
 * The records that a change was told to a person (the once-only keys of the change-telling service), from
 * the telling: long enough that no change is retried or told again after it (the job runner gives up
 * within days), short enough that the collection does not grow for ever.
 */
export const TOLD_RETENTION_DAYS = 400;

export type RetentionPeriods = { [K in keyof typeof RETENTION_DEFAULTS]: number; };

/** `now` moved back by whole calendar months (UTC), the way "24 months" reads. */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);
