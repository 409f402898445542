// The customer's plans and visits in My Bookings, and the plan's access notes: every text, once.
import type { PlanState, VisitState } from './schemas/visits';
import type { PlanFrequency } from './visits';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** 1 = Monday … 7 = Sunday. */
export const dayName = (d: number): string => DAY_NAMES[d - 1] ?? '';
const list = (days: number[]) => {
  const names = days.map((d) => `${dayName(d)}s`);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
};

export const PLAN_MSG = {
  // API
  accessNotesRequired: 'Access notes must be text (an empty text clears them).',
  accessNotesTooLong: (max: number) => `Access notes can be at most ${max} characters.`,
  accessNotesSaved: 'Access notes saved.',

  // My Bookings: the plan
  plansTitle: 'Your regular cleans',
  otherBookings: 'Other bookings',
  frequency: (f: PlanFrequency, days: number[]): string => {
    if (f === 'once') return 'One-time clean';
    if (f === 'monthly') return `Once a month, on the same ${dayName(days[0] ?? 1)} of the month`;
    if (f === 'daily') return `Daily: ${list(days)}`;
    if (f === 'twice-weekly') return `Twice a week: ${list(days)}`;
    if (f === 'fortnightly') return `Every other week, ${list(days)}`;
    if (f === 'weeks') return `Every few weeks, ${list(days)}`;
    return `Weekly, ${list(days)}`;
  },
  /** Dates as people read them; `pausedFrom` only when the pause is still ahead. */
  state: (s: PlanState, pausedUntil: string | null, endsOn: string | null, pausedFrom?: string | null): string =>
    s === 'paused' ? `Paused ${pausedFrom ? `from ${pausedFrom} ` : ''}until ${pausedUntil ?? '—'}` : s === 'ended' ? `Ended from ${endsOn ?? '—'}` : 'Active',
  atTime: (time: string) => `at ${time}`,
  cleaner: 'Your cleaner',
  home: 'Home',
  pricePerVisit: 'Price per visit',
  priceConfirmed: (price: string) => `${price} (confirmed)`,
  priceEstimated: (price: string) => `${price} (estimate, the office confirms it)`,
  priceToConfirm: 'The office confirms it',
  visitLength: 'Each visit',
  noCleaner: 'Not yet assigned',
  nextVisits: 'Next visits',
  noNextVisits: 'No visits coming up.',
  pastVisits: 'Past visits',
  showPast: 'Show past visits',
  noPastVisits: 'No past visits in the last three months.',
  loadMorePast: 'Load more',
  loading: 'Loading…',
  pastSince: (day: string) => `Showing visits since ${day}.`,
  visitState: { scheduled: 'Scheduled', completed: 'Done', skipped: 'Skipped', cancelled: 'Cancelled' } satisfies Record<VisitState, string>,
  savedCopy: (when: string) => `You are offline: these visits are as saved on ${when}. Changes you make are sent when you are back online.`,
  planNeedsServer: 'Your visits could not be loaded. Please check your connection and try again.',
  ukTime: 'UK time',
  offlineChanges: 'Changes to your regular cleans are kept on this phone and sent when you are back online; other changes need a connection.',

  // A visit's changes
  skip: 'Skip',
  move: 'Move',
  skipTitle: 'Skip this visit?',
  skipQuestion: (when: string) => `Skip the visit on ${when}? Your cleaner will be told.`,
  moveTitle: 'Move this visit',
  moveTo: 'New date',
  moveTime: 'New time (UK)',
  closed: 'Too late to change online',
  contactOfficeAt: (time: string) => `To change a visit after ${time} the day before, please contact the office:`,

  // The plan's changes
  pause: 'Pause',
  resume: 'Resume',
  end: 'End',
  changeTime: 'Change regular time',
  pauseTitle: 'Pause your cleans',
  pauseFrom: 'From',
  pauseUntil: 'Until (included)',
  pauseHint: 'No visits from the first date to the last; they start again the day after.',
  resumeTitle: 'Resume your cleans?',
  resumeQuestion: 'Your regular visits start again from the next one.',
  endTitle: 'End your regular cleans',
  endFrom: 'No more visits from',
  endWarning: 'Every visit on or after this date is removed. This cannot be undone here.',
  scheduleTitle: 'Change the regular time',
  scheduleTime: 'New time (UK)',
  scheduleDays: 'Days',
  scheduleFrom: 'From',
  scheduleHint: 'This and following visits change; visits you moved or skipped stay as they are.',
  twoDays: 'Please choose two days.',
  someDays: 'Please choose at least one day.',
  pickDate: 'Please choose a date.',
  pickTime: 'Please choose a time.',
  untilAfterFrom: 'The last day must be on or after the first.',
  notInPast: 'Please choose today or a later date.',
  tooLate: (when: string) => `That is too close: changes for a visit on that day closed ${when}. Please contact the office.`,
  save: 'Save',
  cancel: 'Cancel',

  // Sending
  waiting: 'Waiting to send',
  waitingHint: 'Saved on this phone: it is sent when you are back online.',
  sentNow: 'Done.',
  refused: 'Not done',
  refusedHint: 'We could not make this change:',
  dismiss: 'Dismiss',
  queuedLabel: {
    skip: (when: string) => `Skip the visit on ${when}`,
    move: (from: string, to: string) => `Move the visit on ${from} to ${to}`,
    pause: (from: string, until: string) => `Pause from ${from} until ${until}`,
    resume: 'Resume regular cleans',
    end: (from: string) => `End regular cleans from ${from}`,
    schedule: (from: string) => `New regular time from ${from}`,
    notes: 'Access notes for your cleaner',
  },

  // Access notes
  notesLabel: 'Access and notes for your cleaner',
  notesHint: 'Key safe, parking, pets, alarm: only your cleaner sees these.',
  notesSave: 'Save notes',
  notesCount: (n: number, max: number) => `${n} of ${max} characters`,
};
