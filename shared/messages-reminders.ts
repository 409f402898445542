// Texts of reminders and live notices (README "Reminders and live notices"): the customer's reminder and
// its signed Skip / Move links, the cleaner's evening list, On my way, Finished, ratings, the office's
// late-start alert and the cleaners' notices of cover jobs. shared/README.md, Texts.

export const REMINDER_MSG = {
  // The customer's reminder before a visit.
  reminderSubject: (when: string) => `Reminder: your clean on ${when}`,
  reminderText: (o: { name: string; when: string; cleaner: string; address: string; cutoff: string; skip: string; move: string; }) =>
    `Hello ${o.name},\n\nYour clean is on ${o.when}${o.cleaner ? ` with ${o.cleaner}` : ''} at ${o.address}.\n\n` +
    `Not in, or need another day? Until ${o.cutoff} you can change this visit (only this one), without signing in:\n\n` +
    `Skip this visit:\n${o.skip}\n\nMove this visit:\n${o.move}\n\nOr see all your visits in My Bookings:`,
  reminderPush: (when: string) => `Your clean is on ${when}.`,
  // The signed links' pages (/visit-link?token=…).
  linkTitle: { skip: 'Skip this visit', move: 'Move this visit', rate: 'Rate your clean' },
  linkTitleAny: 'Your visit',
  linkLoading: 'Checking your link…',
  linkVisit: (when: string, cleaner: string, address: string) => `Your clean on ${when}${cleaner ? ` with ${cleaner}` : ''}${address ? `, ${address}` : ''}.`,
  linkCutoff: (cutoff: string) => `You can change it with this link until ${cutoff}.`,
  linkSkipButton: 'Skip this visit',
  linkMoveButton: 'Move this visit',
  linkMoveDate: 'New date',
  linkMoveTime: 'New time',
  linkSkipped: (when: string) => `Done: the visit on ${when} is skipped. Your other visits stay as they are.`,
  linkMoved: (from: string, to: string) => `Done: the visit on ${from} is moved to ${to}. Your other visits stay as they are.`,
  linkInvalid: 'This link is not valid: it may have been copied incompletely. Open My Bookings to see your visits.',
  linkExpired: 'This link has expired: the visit can no longer be changed online. Please contact the office if you need to.',
  linkUsed: 'This link has already been used. Open My Bookings to see your visits.',
  linkChanged: 'This visit has changed since this e-mail was sent, so the link no longer applies. Open My Bookings to see it as it is now.',
  linkClosed: 'This visit can no longer be changed: it is no longer scheduled. Open My Bookings to see your visits.',
  linkOrders: 'Open My Bookings',
  linkWrongAction: 'This link is for another action.',
  // Ratings.
  rateStars: 'How was your clean?',
  rateStar: (n: number) => `${n} star${n === 1 ? '' : 's'}`,
  rateComment: 'Anything to add? (optional)',
  rateButton: 'Send my rating',
  rateChoose: 'Please choose from 1 to 5 stars.',
  rated: 'Thank you: your rating is saved.',
  alreadyRated: 'This clean has already been rated. Thank you!',
  rateNotYet: 'This clean can be rated once it is finished.',
  // The cleaner's evening list.
  eveningSubject: (day: string, n: number) => `Your visits tomorrow, ${day}: ${n}`,
  eveningText: (name: string, day: string, lines: string) =>
    `Hello ${name},\n\nYour visits tomorrow, ${day}, in order:\n\n${lines}\n\nYour list in the portal is always up to date.`,
  // Access notes, keys and alarm codes never go by e-mail: the cleaner reads them in the app on the day.
  eveningLine: (o: { time: string; customer: string; address: string; phone: string; }) =>
    `${o.time}  ${o.customer}\n   ${o.address}\n   Phone: ${o.phone || '—'}\n   Access notes: in the app on the day`,
  // On my way / Finished.
  onMyWaySubject: (cleaner: string, minutes: number) => `${cleaner || 'Your cleaner'} is on the way: about ${minutes} minutes`,
  onMyWayText: (name: string, cleaner: string, minutes: number, when: string) =>
    `Hello ${name},\n\n${cleaner || 'Your cleaner'} is on the way to your clean of ${when} and should be with you in about ${minutes} minutes.`,
  onMyWaySent: 'The customer has been told you are on your way.',
  onMyWayAlready: 'The customer was already told you are on your way.',
  onMyWayNotScheduled: 'This visit is not scheduled any more.',
  finishedSubject: (when: string) => `Your clean of ${when} is finished`,
  finishedText: (name: string, cleaner: string, when: string) =>
    `Hello ${name},\n\n${cleaner || 'Your cleaner'} has finished your clean of ${when}. We will ask you in a little while how it went.`,
  rateSubject: (when: string) => `How was your clean of ${when}?`,
  rateText: (name: string, cleaner: string, when: string, link: string) =>
    `Hello ${name},\n\nHow did ${
      cleaner || 'your cleaner'
    } do on ${when}? One tap gives 1 to 5 stars, with a comment if you like (once per clean):\n\n${link}\n\nOr rate it in My Bookings:`,
  // The office's late-start alert.
  lateSubject: (reference: string, when: string) => `Not started: ${reference}, ${when}`,
  lateText: (o: { reference: string; when: string; cleaner: string; address: string; phone: string; }) =>
    `The visit ${o.reference} of ${o.when} has not started: 30 minutes after its time, its cleaner (${
      o.cleaner || 'none: a cover job nobody took'
    }) has not said On my way and no work is submitted.\n\nAddress: ${o.address}\nCustomer's phone: ${o.phone || '—'}`,
  // Cleaners: new cover jobs.
  coverSubject: (when: string) => `Cover job available: ${when}`,
  coverText: (name: string, when: string, place: string) =>
    `Hello ${name},\n\nA visit on ${when} (${place}) needs a cleaner. The first to accept it in the portal gets it.`,
} as const;
