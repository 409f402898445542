// The customer's server data, under one 'user' prefix (a sign-in change drops it all in one call).
// Here, below the features, because the outbox's kinds name the keys a send refreshes, and the
// feature that sends (the wizard) is not the one that shows (orders, profile).
export const userKeys = {
  all: ['user'] as const,
  bookings: ['user', 'bookings'] as const,
  dashboard: ['user', 'dashboard'] as const,
  profile: ['user', 'profile'] as const,
};
