// The texts of the staff portal's signed-in screens (available bookings, my bookings, blog editing), some
// also sent by the API, kept once like the others (shared/README.md, Texts). A module of their own so that
// public pages and the sign-in screens do not download them.
export const STAFF_MSG = {
  fetchAvailableFailed: 'Failed to fetch available bookings',
  acceptFailed: 'Failed to accept booking',
  acceptFailedRetry: 'Failed to accept booking. Please try again.',
  accepted: 'Booking accepted successfully!',
  submitWorkFailed: 'Failed to submit work hours',
  submitWorkFailedRetry: 'Failed to submit work hours. Please try again.',
  workSubmitted: 'Work hours submitted successfully!',
  noAvailableBookings: 'No Available Bookings',
  noBookingsFound: 'No bookings found',
  noRecentBookings: 'No recent bookings found',
  // A cleaner's first day (nothing accepted yet): what to do, not "0 / 0 %".
  dayOneTitle: 'No jobs yet.',
  dayOneText: 'Open Available Bookings to pick your first clean.',
  dayOneLink: 'Open Available Bookings',
  contactAfterAccept: 'Their e-mail and phone show once you accept.',
  createBlogFailed: 'Failed to create blog post',
  updateBlogFailed: 'Failed to update blog post',
  deleteBlogFailed: 'Failed to delete blog post',
  blogCreated: 'Blog post created successfully!',
  blogUpdated: 'Blog post updated successfully!',
  blogDeleted: 'Blog post deleted successfully!',
  deleteBlogQuestion: 'Are you sure you want to delete this blog post?',
  imageLoadFailed: 'Failed to load image',
  blogImageHint: 'Maximum 200MB. Formats: JPEG, JPG, PNG, GIF, WebP',
  workOpensFrom: (when: string) => `Submit work from ${when}`,
  submissionUpdated: 'Work submission updated successfully!',
  officeAsks: 'The office asks:',
  correctHoursTitle: 'Correct work hours',
} as const;
