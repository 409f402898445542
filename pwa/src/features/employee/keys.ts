// Query keys of the employee portal, one per server resource. Everything sits under 'employee' so a
// sign-out or a 401 can drop every cached employee answer in one call.
export const employeeKeys = {
  all: ['employee'] as const,
  profile: ['employee', 'profile'] as const,
  stats: ['employee', 'stats'] as const,
  available: ['employee', 'available'] as const,
  myBookings: ['employee', 'my-bookings'] as const,
  queuedWork: ['employee', 'queued-work'] as const,
  blog: ['employee', 'blog'] as const,
  blogImage: (id: string, version: string) => ['employee', 'blog-image', id, version] as const,
};
