// The cleaner's side of plans and visits in the portal: My visits, hours per visit, Can't make it,
// and the cover jobs on Available (README "Plans and visits").
import { hoursText } from './duration';
import type { VisitState } from './schemas/visits';

export const CLEANER_VISITS_MSG = {
  navLabel: 'My Visits',
  title: 'My Visits',
  intro: 'Your visits by day, in UK time. Hours are submitted per visit once its time has come.',
  sectionEarlier: 'Earlier',
  sectionToday: 'Today',
  sectionWeek: 'Later this week',
  sectionUpcoming: 'Upcoming',
  noneToday: 'No visits today.',
  empty: 'No visits in the coming weeks',
  emptyHint: 'Plans you accept on Available appear here, one card per visit.',
  nothingSaved: 'Nothing saved on this device yet',
  nothingSavedHint: 'Your visits show here once they have been loaded with a connection.',
  loadFailed: 'Your visits could not be loaded.',
  stateLabel: { scheduled: 'Scheduled', completed: 'Completed', skipped: 'Skipped by the customer', cancelled: 'Cancelled' } satisfies Record<
    VisitState,
    string
  >,
  hoursWaiting: 'Hours waiting to send',
  releaseWaiting: 'Release waiting to send',
  hoursSubmitted: (hours: number) => `${hours} h submitted`,
  timesheet: { submitted: 'waiting for the office', queried: 'the office has a question', approved: 'approved' } as const,
  about: (hours: number) => hoursText(hours),
  // Submit hours
  submitHours: 'Submit hours',
  submitHoursFor: (customer: string, when: string) => `Submit hours: ${customer}, ${when}`,
  hoursFrom: (when: string) => `Hours from ${when}`,
  // Accessible names start with the visible text (WCAG 2.5.3), then say which visit.
  hoursFromLabel: (when: string, customer: string) => `Hours from ${when}: visit for ${customer}`,
  submitTitle: 'Submit hours',
  submitting: 'Submitting…',
  submitted: 'Hours submitted for this visit.',
  submitFailed: 'The hours could not be submitted. Please try again.',
  // Can't make it
  cantMakeIt: "Can't make it",
  cantMakeItFor: (customer: string, when: string) => `Can't make it: ${customer}, ${when}`,
  releaseTitle: "Can't make it",
  releaseQuestion: (when: string) => `Give up the visit on ${when}?`,
  releaseDetail: 'It is offered to other cleaners as a cover job. Your other visits of this plan stay yours.',
  releaseConfirm: 'Release this visit',
  released: 'Visit released: it is offered to other cleaners as a cover job.',
  releaseFailed: 'The visit could not be released. Please try again.',
  tooLateTitle: 'Too close to release online',
  tooLate: (hours: number, when: string) =>
    `Visits can be released online up to ${hours} hours ahead; the visit on ${when} is closer than that. Please call the office so they can find cover.`,
  callOffice: (phone: string) => `Call the office: ${phone}`,
  emailOffice: (email: string) => `E-mail: ${email}`,
  close: 'Back to my visits',
  // Available: plans and cover jobs
  plansHeading: 'New plans',
  plansHint: 'Accepting a plan makes you its regular cleaner for every visit.',
  coverHeading: 'Cover jobs',
  coverHint: 'One visit another cleaner cannot make. Taking it adds only that visit to My Visits.',
  coverBadge: 'One-off cover',
  coverFailed: 'Cover jobs could not be loaded.',
  takeCover: 'Take this visit',
  takeCoverFor: (customer: string, when: string) => `Take this visit: ${customer}, ${when}`,
  takingCover: 'Taking…',
  coverTaken: 'Cover visit accepted: it is in My Visits.',
  coverTakeFailed: 'The cover visit could not be taken. Please try again.',
  planLine: (
    frequency: string,
    first: string | null,
  ) => (first ? `${frequency} · first visit ${first}` : `${frequency} · you set the first visit when you accept`),
  firstVisitAsk:
    'The customer wrote their best time in their own words. Choose the first visit’s date and time (UK time); later visits follow the plan’s frequency.',
} as const;
