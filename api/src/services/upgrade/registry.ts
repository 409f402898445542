// Every start-up migration, in the order they run: the one place a migration is registered (add a
// line here and it runs once on every database, in the background, with its share of the percent).
import { BlogPost } from '../../models/BlogPost';
import { Booking } from '../../models/Booking';
import { CareerApplication } from '../../models/CareerApplication';
import { ContactMessage } from '../../models/ContactMessage';
import { Enquiry } from '../../models/Enquiry';
import { User } from '../../models/User';
import { BACKFILL_MARKER, backfillBookings } from '../bookings/bookings';
import { backfillBlogSlugs } from '../blog/blog';
import { ACCEPT_WAIT_MARKER, backfillAcceptWaits } from '../office/accept-wait';
import { SEARCH_KEYS_MARKER, backfillSearchKeys } from '../office/customer-search';
import { INBOX_SEARCH_MARKER, backfillInboxSearchKeys } from '../office/inbox-search';
import { SHEET_TOTALS_MARKER, ensureSheetTotals } from '../office/timesheet-totals';
import { plansFromBookings } from './plans-from-bookings';
import { homesFromBookings } from './homes-from-bookings';
import { migrateStates } from '../plans/states-migrate';
import { onePass, type Migration } from './migration';

const bookings = () => Booking.estimatedDocumentCount();
const inboxRecords = async () =>
  (await Promise.all([ContactMessage, Enquiry, CareerApplication].map((m) => (m as typeof Enquiry).estimatedDocumentCount()))).reduce((a, b) => a + b, 0);
/** A search with words: `?q=` not empty. */
const searched = (path: string) => new RegExp(`^${path}\\?(?:.*&)?q=[^&]`);

export const STARTUP_MIGRATIONS: Migration[] = [
  // References and booked times first: the plans are made from them.
  onePass(BACKFILL_MARKER, 'bookings given a reference and booked time', bookings, backfillBookings),
  onePass('blog-slugs', 'blog posts given an address', () => BlogPost.estimatedDocumentCount(), backfillBlogSlugs),
  // Plans an earlier release made given their states (a customer's 14-day cancel, withdrawn requests, who
  // ended a plan); before the plans made from old bookings below, which are made with theirs.
  onePass('plan-states-pass', 'bookings and plans given their states', bookings, migrateStates),
  plansFromBookings,
  // Homes after plans: each plan made from an old booking is pointed at its customer's home.
  homesFromBookings,
  onePass(ACCEPT_WAIT_MARKER, 'accepted bookings given their wait in minutes', bookings, () => backfillAcceptWaits()),
  onePass(SEARCH_KEYS_MARKER, 'customers given their search words', () => User.estimatedDocumentCount(), () => backfillSearchKeys(), {
    blocks: [searched('/api/admin/customers'), searched('/api/admin/bookings')],
  }),
  onePass(INBOX_SEARCH_MARKER, 'inbox records given their search words', inboxRecords, () => backfillInboxSearchKeys(), {
    blocks: [searched('/api/admin/inbox')],
  }),
  // Lists count the rows until the totals are built, so nothing waits for this one.
  onePass(SHEET_TOTALS_MARKER, 'timesheet totals built from the submissions', bookings, ensureSheetTotals, { markWhenEmpty: true }),
];
