// The customer's endpoint group (/api/user/…): its paths and its query keys, the keys all under one
// 'user' prefix (a sign-in change drops it all in one call). Here, below the features, because the
// session check, the wizard (through the outbox), orders and profile all call it; it holds no client,
// so the session check in the entry can name a path without loading one.
export const userPaths = {
  profile: '/api/user/profile',
  changePassword: '/api/user/change-password',
  dashboard: '/api/user/dashboard',
  bookings: '/api/user/bookings',
  booking: (id: string) => `/api/user/bookings/${encodeURIComponent(id)}`,
  /** A plan's change: pause, resume, end, schedule, access-notes. */
  plan: (id: string, action: string) => `/api/user/bookings/${encodeURIComponent(id)}/${action}`,
  visits: '/api/user/visits',
  /** A visit's change: skip, move. */
  visit: (id: string, action: string) => `/api/user/visits/${encodeURIComponent(id)}/${action}`,
};

export const userKeys = {
  all: ['user'] as const,
  bookings: ['user', 'bookings'] as const,
  /** A booking's plan and next visits: under bookings, so a change to a booking refreshes it too. */
  plan: (id: string) => ['user', 'bookings', 'plan', id] as const,
  /** The customer's visits lists (past visits). */
  visits: ['user', 'visits'] as const,
  dashboard: ['user', 'dashboard'] as const,
  profile: ['user', 'profile'] as const,
};
