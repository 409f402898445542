// Texts of rating a clean from My Bookings (the rating form itself is the signed link's, REMINDER_MSG).

export const RATING_MSG = {
  /** My Bookings: a finished visit's rating (the form itself is the signed link's, REMINDER_MSG). */
  rateThisClean: 'Rate this clean',
  rateDialogTitle: 'Rate your clean',
  rated: (stars: number) => `You rated this clean: ${stars}/5`,
  rateLabel: (when: string) => `Rate this clean: ${when}`,
  queuedRating: (when: string, stars: number) => `Rating of the clean on ${when}: ${stars}/5`,
  rateCancel: 'Not now',
} as const;
