// Texts of the small leftovers of issues 27 and 30: rating a clean in My Bookings, and what closing an
// account keeps for the accounts. A module of its own so it merges beside the others.

export const LEFTOVER_MSG = {
  /** My Bookings: a finished visit's rating (the form itself is the signed link's, REMINDER_MSG). */
  rateThisClean: 'Rate this clean',
  rateDialogTitle: 'Rate your clean',
  rated: (stars: number) => `You rated this clean: ${stars}/5`,
  rateLabel: (when: string) => `Rate this clean: ${when}`,
  queuedRating: (when: string, stars: number) => `Rating of the clean on ${when}: ${stars}/5`,
  rateCancel: 'Not now',
} as const;
