// Late-change charges (README "Cancellation rule"): the charge shown before the customer confirms a
// skip, move, pause, end or new regular time after a visit's cut-off; the cleaner's lockout; the pay line.
import { formatPence } from './pricing';

export const CHARGE_MSG = {
  // The customer's screen, before confirming (the amount computed on the phone by the shared rule).
  skipCosts: (charge: number, percent: number) => `Skipping this visit now costs ${formatPence(charge)} (${percent} % of its price).`,
  moveCosts: (charge: number, percent: number) => `Moving this visit now costs ${formatPence(charge)} (${percent} % of its price).`,
  planCosts: (charge: number, visits: number, percent: number) =>
    `${visits === 1 ? 'One visit this change removes is' : `${visits} visits this change removes are`} past the free change time: this costs ${
      formatPence(charge)
    } (${percent} % of ${visits === 1 ? 'its' : 'their'} price).`,
  lateTitle: 'After the free change time',
  confirmCharge: (charge: number) => `Confirm and pay ${formatPence(charge)}`,
  keep: 'Keep',
  // The server named another amount than the one shown (a price changed meanwhile): asked again.
  chargeChanged: (charge: number) => `The charge is now ${formatPence(charge)}. Please confirm again.`,
  // The server's 409 for a plan change (pause, end, new regular time) touching late visits.
  planLateAsk: (charge: number, visits: number, cutoff: string) =>
    `${visits === 1 ? 'One visit' : `${visits} visits`} this change removes ${
      visits === 1 ? 'is' : 'are'
    } past the free change time (from ${cutoff}). This change costs ${formatPence(charge)}: confirm to accept the charge.`,
  planCharged: (charge: number) => `Done. A late-change charge of ${formatPence(charge)} is added.`,
  chargeNotAccepted: (charge: number) =>
    `The charge is now ${formatPence(charge)}, not the amount you confirmed. Nothing was changed: please confirm the new amount.`,
  // On the visit, once charged.
  visitCharged: (charge: number) => `Late-change charge ${formatPence(charge)}`,
  visitLockout: (charge: number) => `Couldn’t get in · charge ${formatPence(charge)}`,
  lockedOut: 'Couldn’t get in',

  // The cleaner: "Couldn't get in".
  lockoutButton: 'Couldn’t get in',
  lockoutTitle: 'Couldn’t get in?',
  lockoutQuestion: (when: string) => `Report that you could not get in for the visit on ${when}? The customer is told and charged for a late cancellation.`,
  lockoutNote: 'Note for the office (optional)',
  lockoutSend: 'Report it',
  lockoutSent: 'Reported: the customer and the office are told.',
  lockoutAlready: 'Already reported.',
  lockoutFailed: 'Could not report it. Please try again.',
  lockoutFor: (who: string, when: string) => `Couldn’t get in: ${who}, ${when}`,
  lockoutQueued: 'Saved on this phone: it is reported when you are back online.',
  lockoutTooEarly: 'You can report this once the visit’s time has come.',
  lockoutNotScheduled: 'This visit is no longer scheduled: nothing to report.',
  lockoutNoteTooLong: (max: number) => `The note can be at most ${max} characters.`,
  lockoutQueuedLabel: (when: string) => `Couldn’t get in: visit on ${when}`,
  lockoutReported: 'You reported that you could not get in.',
  // The customer's notice (kind `changes`).
  lockoutSubject: (when: string) => `We couldn’t get in for your clean on ${when}`,
  lockoutText: (name: string, cleaner: string, when: string, charge: number, phone: string) =>
    `Hello ${name},\n\n${
      cleaner || 'Your cleaner'
    } could not get in for your clean on ${when}. As our terms say, a visit we cannot carry out is charged like a late cancellation: ${
      formatPence(charge)
    }. If something was wrong, please call us on ${phone}.`,
  // The office's view of the visit.
  officeLockout: (when: string, note: string) => `Cleaner couldn’t get in (${when})${note ? `: ${note}` : ''}`,
  officeCharge: (charge: number, share: number) => `Late charge ${formatPence(charge)} · cleaner’s share ${formatPence(share)}`,

  // Payroll CSV lines (the `line` column).
  payLineWork: 'work',
  payLineLateCharge: 'late_change_share',
  payLineLockout: 'lockout_share',
};
