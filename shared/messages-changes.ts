// Texts of what a change of plan or visits tells each person it affects (api/src/services/plans/changes.ts;
// shared/README.md "Who is told of what"), and the refusal of a queued change in the office's words.

export const CHANGES_MSG = {
  // The cleaner who lost a visit and the one who got it: two mails, each true for its reader.
  lostSubject: (when: string) => `No longer yours: the visit on ${when}`,
  lostText: (name: string, when: string, reference: string, following: boolean) =>
    `Hello ${name},\n\nThe visit on ${when} (${reference})${following ? ' and the visits after it are' : ' is'} no longer yours: the office gave ${
      following ? 'them' : 'it'
    } to another cleaner. Please do not go.\n`,
  gainedSubject: (when: string) => `Now yours: a visit on ${when}`,
  gainedText: (name: string, when: string, reference: string, address: string, following: boolean) =>
    `Hello ${name},\n\nThe visit on ${when} (${reference})${
      following ? ' and the visits after it are' : ' is'
    } now yours.\nAddress: ${address}\n\nYour list of visits in the portal is up to date.\n`,

  // The customer, for every change the office (or a holiday) makes to their visits.
  customerSubject: (reference: string) => `Change to your visit: ${reference}`,
  customerText: (name: string, what: string, state?: string) =>
    `Hello ${name},\n\n${what}${state ? `\n\nState: ${state}` : ''}\n\nYour visits in your account are up to date.\n`,
  customerMoved: (from: string, to: string) => `The office moved your visit on ${from} to ${to}.`,
  customerMovedFollowing: (from: string, to: string) =>
    `The office moved your visit on ${from} to ${to}, and your regular visits after it follow the new day and time.`,
  customerCancelled: (when: string, reason: string) => `The office cancelled your visit on ${when}. Why: ${reason}`,
  customerCancelledFollowing: (when: string, reason: string) =>
    `The office cancelled your visit on ${when} and every visit after it: your plan ends there. Why: ${reason}`,
  customerNewCleaner: (when: string, cleaner: string) => `${cleaner} will clean at your visit on ${when}, in place of the cleaner you had.`,
  customerNewCleanerFollowing: (when: string, cleaner: string) => `${cleaner} is your cleaner from your visit on ${when} on.`,

  customerHolidayMoved: (before: string, after: string) =>
    `Your visit on ${before} falls on a bank holiday or a day we are closed, so it has moved to ${after}.`,
  customerHolidaySkipped: (before: string) =>
    `Your visit on ${before} falls on a bank holiday or a day we are closed, so it will not take place. Your next visits are as usual.`,
  cleanerHolidaySkipped: (when: string) => `The visit on ${when} falls on a bank holiday or a day we are closed: it will not take place.`,

  // Cleaners offered a cover job that is no longer open.
  coverWithdrawnSubject: (when: string) => `No longer open: the cover job on ${when}`,
  coverWithdrawnText: (name: string, when: string, covered: boolean) =>
    `Hello ${name},\n\nThe cover job on ${when} you were offered is no longer open: ${
      covered ? 'another cleaner has taken it' : 'the visit was cancelled or changed'
    }. There is nothing to do.\n`,

  // Cleaners of a plan the customer cancelled within 14 days.
  cleanerCancelled14Days: 'The customer cancelled the plan within the 14-day cancellation period: every later visit is cancelled.',

  // The office.
  office14DaysSubject: (reference: string) => `Cancelled within 14 days: ${reference}`,
  office14DaysText: (customer: string, reference: string, chargePence: number) =>
    `${customer} cancelled ${reference} within the 14-day cancellation period. Charged for visits already done: £${(chargePence / 100).toFixed(2)}.`,
  officeClosedSubject: (customer: string) => `Account closed: ${customer}`,
  officeClosedText: (customer: string, references: string[]) =>
    `${customer} closed their account.${
      references.length ? ` Plans ended: ${references.join(', ')}. Their cleaners were told.` : ' They had no plan running.'
    }`,
  officeTimeOffSubject: (cleaner: string) => `Time off requested: ${cleaner}`,
  officeTimeOffText: (cleaner: string, from: string, to: string, note: string) =>
    `${cleaner} asks for time off from ${from} to ${to}.${note ? `\nNote: ${note}` : ''}\n\nDecide it in the schedule.`,
  officeLowRatingSubject: (stars: number, reference: string) => `${stars}★ rating: ${reference}`,
  officeLowRatingText: (stars: number, customer: string, reference: string, when: string, cleaner: string, comment: string) =>
    `${customer} rated the visit of ${reference} on ${when}${cleaner ? ` (${cleaner})` : ''} ${stars}★.\n${
      comment ? `“${comment}”` : 'No comment.'
    }\n\nA case is open in the inbox; the customer was offered a free re-clean within 48 hours.`,

  // Not happy → re-clean.
  lowRated: (until: string) =>
    `Thank you for telling us. We are sorry it was not right: we come back and re-clean for free. Choose a time before ${until}, or the office will call you to arrange it.`,
  recleanBooked: (when: string) => `Your free re-clean is booked for ${when}.`,
  recleanBookedByOffice: (when: string) => `Re-clean booked for ${when}: the customer and the cleaner are told.`,
  recleanTooLate: (until: string) => `A free re-clean must be before ${until}.`,
  recleanNotOffered: 'A free re-clean is offered after a rating of 2 stars or less.',
  recleanAlready: 'A re-clean of this visit is already booked.',
  recleanOffer: (until: string) => `We are sorry the clean was not right. We come back and clean again, free, at a time you choose before ${until}.`,
  recleanTimeLabel: 'Time of the re-clean',
  recleanBook: 'Book the free re-clean',
  recleanSheetTitle: 'Your free re-clean',
  recleanOpen: 'Book your free re-clean',
  recleanLater: 'Not now',
  recleanNoSlots: 'No time is left before the offer runs out: please call the office.',
  recleanCustomer: (when: string) => `The office booked a free re-clean for you on ${when}.`,
  recleanCleaner: (when: string) => `A free re-clean on ${when} (no charge to the customer).`,

  // A queued (offline) change the server refused: why, in the office's words.
  refusedCancelled: (when: string, reason: string) => `The office cancelled the visit on ${when}${reason ? `: ${reason}` : ''}. Your change was not made.`,
  refusedSkipped: (when: string) => `The visit on ${when} is already skipped. Your change was not made.`,
  refusedDone: (when: string) => `The visit on ${when} is already done. Your change was not made.`,
} as const;
