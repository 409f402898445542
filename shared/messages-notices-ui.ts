// The in-app side of reminders and live notices (README "Reminders and live notices"): the cleaner's
// On my way on My Visits, their own rating on the dashboard, and the office's Ratings screen.

/** "4.5 of 5": stars always in words too, never colour or glyphs alone. */
const ofFive = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)} of 5`;
const ratingsCount = (n: number) => `${n} rating${n === 1 ? '' : 's'}`;

export const NOTICES_UI_MSG = {
  // On my way (My Visits)
  onMyWay: 'On my way',
  onMyWayFor: (customer: string, when: string) => `On my way: ${customer}, ${when}`,
  onMyWayTitle: 'On my way',
  onMyWayAsk: 'About how long?',
  onMyWayMinutes: (m: number) => `About ${m} minutes`,
  onMyWayHint: 'The customer is told at once by e-mail or notification. Without a connection it is sent as soon as you are back online.',
  onMyWaySend: 'Tell the customer',
  onMyWaySending: 'Sending…',
  onMyWayChoose: 'Please choose about how long.',
  onMyWayWaiting: (m: number) => `On my way (about ${m} min) — waiting to send`,
  onMyWayDone: 'On my way — told the customer',
  onMyWayDoneAt: (time: string, m: number | undefined) => `On my way — told the customer at ${time}${m ? ` (about ${m} min)` : ''}`,
  onMyWaySent: 'The customer has been told you are on your way.',
  onMyWayFailed: 'The customer could not be told. Please try again.',
  /** The outbox's line for a waiting On my way. */
  onMyWayOutbox: (m: number, visit: string) => `On my way (about ${m} min): ${visit}`,
  // The cleaner's own rating (dashboard)
  myRating: 'Your rating',
  myRatingValue: (average: number) => ofFive(average),
  myRatingCount: (n: number) => `from ${ratingsCount(n)}`,
  myRatingNone: 'No ratings yet',
  myRatingNoneHint: 'Customers are asked to rate each clean an hour after you submit its hours.',
  myRatingFailed: 'Your rating could not be loaded.',
  myRatingOffline: 'Your rating shows here once it has been loaded with a connection.',
  // Office: Ratings
  navRatings: 'Ratings',
  ratingsTitle: 'Ratings',
  ratingsIntro: 'Customers rate each finished visit once, from 1 to 5 stars, with an optional comment.',
  ratingsPerCleaner: 'Average per cleaner',
  ratingsList: 'Ratings per visit',
  ratingsCleaner: 'Cleaner',
  ratingsEveryCleaner: 'Every cleaner',
  ratingsEmpty: 'No ratings yet.',
  ratingsEmptyCleaner: 'No ratings for this cleaner yet.',
  ratingsLoadFailed: 'The ratings could not be loaded.',
  ratingsNoComment: 'No comment',
  ratingsUnknownCleaner: 'No cleaner',
  ratingsShowOnly: (name: string) => `Show only ${name}’s ratings`,
  stars: (n: number) => ofFive(n),
  ratingsCount,
} as const;
