// Texts of the private calendar address (README "Calendar subscription"): the profile's card, the
// API's answers, and the words inside the calendar file itself.

export const CALENDAR_MSG = {
  title: 'Your visits in your own calendar',
  intro:
    'Add this private address to Google Calendar, Apple Calendar or Outlook ("subscribe" or "add from URL"): your visits appear there and stay up to date.',
  privacy: 'Anyone who has this address can see your visits. If it has been shared by mistake, make a new one: the old one stops working at once.',
  addressLabel: 'Calendar address',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the address and copy it yourself.',
  rotate: 'Make a new address',
  rotating: 'Making…',
  confirmRotate: 'Make a new address? Calendars using the old one stop updating until you add the new one.',
  rotated: 'A new calendar address was made; the old one no longer works.',
  loadFailed: 'Could not load your calendar address. Check your connection and try again.',
  offline: 'Connect to the internet to see or change your calendar address.',
  feedNotFound: 'This calendar address does not exist or was replaced by a new one.',
  // Inside the calendar file
  calendarName: (company: string) => `${company} visits`,
  customerSummary: (company: string, reference: string) => (reference ? `${company} clean (${reference})` : `${company} clean`),
  cleanerSummary: (postcode: string, reference: string) => (reference ? `Clean: ${postcode} (${reference})` : `Clean: ${postcode}`),
  yourCleaner: (first: string) => `Your cleaner: ${first}`,
  noCleanerYet: 'Your cleaner: to be confirmed',
  customer: (first: string) => `Customer: ${first}`,
  completed: 'Done',
} as const;
