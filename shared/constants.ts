// Business constants and limits (shared/README.md, Limits). Every limit, delay and option list lives here once.

export const POSTCODE_MAX = 8;
export const OTP_LENGTH = 6;
export const PASSWORD_MIN = 6;
export const WIZARD_STEPS = 12;

export const BLOG_PAGE_SIZE = 6;
export const WORDS_PER_MINUTE = 200;
export const BLOG_EXCERPT_CUSTOMER = 150;
export const BLOG_EXCERPT_EMPLOYEE = 120;
export const BLOG_IMAGE_MAX_MB = 200;
export const CV_MAX_MB = 10;

export const HEADER_COMPACT_SCROLL_PX = 50;
export const MOBILE_BREAKPOINT_PX = 768;

export const DELAY = {
  loginRedirectMs: 1000,
  signupRedirectMs: 1500,
  bookingUpdateNoticeMs: 1500,
  deleteNoticeMs: 3000,
  toastDefaultMs: 5000,
  toastErrorMs: 4000,
  acceptSuccessMs: 3000,
  blogToastMs: 5000,
  submitSuccessMs: 4000,
} as const;

export const DASHBOARD_RECENT = 5;

/** Every list answer is paged: `limit` defaults to this and can never exceed PAGE_LIMIT_MAX. */
export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;
/** Highest page number a list accepts (far past any real list; keeps skip() bounded). */
export const PAGE_MAX = 10_000;
/** Longest search text the employee blog list accepts. */
export const BLOG_SEARCH_MAX = 100;
export const WORK_HOURS_MIN = 0.5;
export const WORK_HOURS_STEP = 0.5;

// Server-side rules of our own (shared/README.md, Limits).
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_VERIFIED_WINDOW_MS = 15 * 60 * 1000;
export const OTP_MAX_TRIES = 5;
export const OTP_RESEND_MS = 30 * 1000;

export const ROLES = ['user', 'employee', 'admin', 'super-admin'] as const;
export type Role = (typeof ROLES)[number];
/** The roles the office opens for. Here, not beside the office's schemas, so a screen that checks a role does not load zod. */
export const OFFICE_ROLES = ['admin', 'super-admin'] as const;
/** True for a role the office opens for (a role read from a token or a profile may be anything). */
export const isOfficeRole = (role: string | null | undefined): boolean => (OFFICE_ROLES as readonly string[]).includes(role ?? '');
export const ROLE_COLOURS: Record<Role, string> = {
  'super-admin': 'red',
  admin: 'orange',
  employee: 'green',
  user: 'blue',
};

// Stored statuses (shared/README.md "States"): `rejected` is the office's cancel (a request declined or a
// plan it ended), `cancelled` the customer's cancel within 14 days, `withdrawn` a request the customer
// withdrew by closing their account. What a booking is now (shared/states.ts) also reads its plan.
export const BOOKING_STATUSES = ['pending', 'accepted', 'completed', 'rejected', 'cancelled', 'withdrawn'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Only a booking in this state may be edited or deleted by its customer. */
export const EDITABLE_STATUS: BookingStatus = 'pending';

export const ENQUIRY_SERVICES = [
  'Residential Cleaning',
  'Commercial Cleaning',
  'Deep Cleaning',
  'Move-in/Move-out',
  'Other',
] as const;

export const CAREER_POSITIONS = ['Cleaner', 'Supervisor', 'Trainer', 'Office Staff', 'Other'] as const;
export const CV_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const BLOG_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** The 'Other' choice every wizard option question offers, with a free-text companion. */
export const OTHER = 'Other';

export const WIZARD_OPTIONS = {
  propertyType: ['Bungalow', 'Commercial property', 'Flat or Apartment', 'House', OTHER],
  frequency: ['Daily', 'Twice a week', 'Weekly', 'Every other week', 'Once a month', 'One-time clean', OTHER],
  bedrooms: ['Studio', '0', '1', '2', '3', '4', '5+', OTHER],
  bathrooms: ['1', '1 + 1 additional toilet', '2', '2 + 1 additional toilet', '3', '4+', OTHER],
  receptions: ['0', '1', '2', '3', '4 +', OTHER],
  cleaningType: ['Standard', 'Deep', 'Move-out', OTHER],
  // The spec gives no wording for the next three; ours is plain and specific.
  hasCleaner: ['Yes, I have a cleaner now', 'I had one in the past', 'No, this is my first time', OTHER],
  supplies: [
    'I will provide supplies and equipment',
    'Please bring supplies and equipment',
    'I provide supplies, you bring equipment',
    'Not sure yet',
    OTHER,
  ],
  hiringLikelihood: [
    'Ready to book now',
    'Within a week',
    'Within a month',
    'Just comparing prices',
    'Not sure yet',
    OTHER,
  ],
} as const;
export type WizardOptionField = keyof typeof WIZARD_OPTIONS;

/** Employee available-bookings filter: matched against cleaningType. */
export const EMPLOYEE_TYPE_FILTERS = ['regular', 'deep', 'move'] as const;
export const EMPLOYEE_MY_BOOKINGS_FILTERS = ['all', 'accepted', 'completed'] as const;
export const BLOG_SORTS = ['newest', 'oldest', 'title'] as const;
export const VIEW_MODES = ['grid', 'list'] as const;

/** Display values the spec fixes; shown only when the API has no real figure. */
export const FALLBACK_DISPLAY = {
  notificationBadge: 3,
  availableBadge: 3,
  totalTrend: '+12%',
  monthTrend: '+8%',
} as const;

/** The spec's company details and figures: the defaults of the office's company settings (shared/company.ts). */
export const MARKETING = {
  clients: '2500+',
  satisfaction: '98%',
  response: '24h',
  founded: 2020,
  phone: '020 7946 0321',
  email: 'hello@sparkleclean.co.uk',
  address: '12 Market Street, London, EC1A 1BB',
  companyName: 'SparkleClean',
} as const;

/** Keys the browser stores; the employee token is kept apart from the customer's. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  email: 'email',
  name: 'name',
  picture: 'picture',
  pendingBooking: 'pendingBooking',
  /** The booking wizard's unsent answers and step, kept on the device until sent or discarded. */
  bookingDraft: 'bookingDraft',
  employeeToken: 'employeeToken',
  /** A random id of this browser, scoping a visitor's Idempotency-Keys (sent only with one). */
  clientId: 'clientId',
  /** The company's details as last read from GET /api/company, with when: shown offline. */
  company: 'company',
  /** The price list as last read from GET /api/price-list: the wizard's estimate offline. */
  priceList: 'priceList',
} as const;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** errorType of the 409 "a request with this key is still in progress": the one 409 worth retrying. */
export const IDEMPOTENCY_BUSY = 'idempotency_key_busy';
/** Sent with an Idempotency-Key by a caller without a token, so its keys are its own. */
export const CLIENT_ID_HEADER = 'X-Client-Id';

/** Available-bookings type filter → the wizard's cleaningType it matches. */
export const EMPLOYEE_TYPE_TO_CLEANING: Record<(typeof EMPLOYEE_TYPE_FILTERS)[number], string> = {
  regular: 'Standard',
  deep: 'Deep',
  move: 'Move-out',
};

/** Device-only preferences of the employee portal (/employee/settings), kept in localStorage. */
export const EMPLOYEE_PREFS_KEY = 'employeePrefs';

/** A rating of this many stars or fewer opens a case in the office's inbox and offers a free re-clean. */
export const LOW_RATING_MAX = 2;
/** The free re-clean is booked within this many hours of the rating. */
export const RECLEAN_WITHIN_HOURS = 48;

/**
 * The size the embedded database is measured to serve (ready within 5 s, RSS within 1 GB, office routes p99
 * within 100 ms: docs/configuration.md, "Choosing the database"). Past it /api/health warns; SIZE_WARNING_*
 * move the line.
 */
export const EMBEDDED_SERVES = { customers: 10_000, bookings: 100_000 } as const;

/** The office's estimate of one visit of a plan: 0.5–12 h in half hours. */
export const PLAN_HOURS_MIN = 0.5;
export const PLAN_HOURS_MAX = 12;
