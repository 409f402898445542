// Query keys of the employee portal, one factory per resource group. Everything sits under 'employee'
// so a sign-out or a 401 can drop every cached employee answer in one call, and each group's prefix
// (e.g. employeeKeys.available) covers all its filters and pages for invalidation.
export const employeeKeys = {
  all: ['employee'] as const,
  profile: ['employee', 'profile'] as const,
  /** Whose invitation a welcome link is. */
  invitation: (token: string) => ['employee', 'invitation', token] as const,
  stats: ['employee', 'stats'] as const,
  available: ['employee', 'available'] as const,
  /** The pages of available bookings of one type filter. */
  availablePages: (type: string) => [...employeeKeys.available, 'pages', type] as const,
  myBookings: ['employee', 'my-bookings'] as const,
  /** The pages of my bookings under one status filter. */
  myBookingsPages: (status: string) => [...employeeKeys.myBookings, 'pages', status] as const,
  /** The dashboard's few most recent bookings. */
  recentBookings: ['employee', 'my-bookings', 'recent'] as const,
  /** My Visits: the pages of one window (from a London date). */
  visits: ['employee', 'visits'] as const,
  visitPages: (from: string) => ['employee', 'visits', 'pages', from] as const,
  /** Cover jobs: visits other cleaners released. */
  cover: ['employee', 'available', 'cover'] as const,
  /** What was I told: one page of my notices. */
  notices: (page: number) => ['employee', 'notices', page] as const,
  /** The bell: how many notices were sent since the list was last opened. */
  unseenNotices: ['employee', 'notices-unseen'] as const,
  blog: ['employee', 'blog'] as const,
  /** The pages of the blog list for one search and sort. */
  blogPages: (search: string, sort: string) => [...employeeKeys.blog, 'pages', search, sort] as const,
  /** One post with its full text. */
  blogPost: (id: string) => [...employeeKeys.blog, 'post', id] as const,
  blogImage: (id: string, version: string) => ['employee', 'blog-image', id, version] as const,
};
