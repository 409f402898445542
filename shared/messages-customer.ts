// The texts of a signed-in customer's own screens (their bookings, their profile), some also sent by the
// API, kept once like the others (shared/README.md, Texts). A module of their own so that public pages do
// not download them.
export const CUSTOMER_MSG = {
  profileLoadFailed: 'Could not load profile data.',
  profileUpdateError: 'Could not update profile.',
  profileUnavailable: 'Unable to load profile',
  notLoggedIn: "You're not logged in",
  googleNotLoggedIn: 'You are not logged in',
  googleLoginPrompt: 'Please log in with Google to view your profile.',
  nameCannotBeEmpty: 'Name cannot be empty.',
  updateBookingFailed: 'Failed to update booking',
  deleteBookingFailed: 'Failed to delete booking',
  bookingUpdated: 'Booking updated successfully!',
  bookingDeleted: 'Booking deleted successfully!',
  deleteBookingTitle: 'Delete Booking',
  deleteBookingQuestion: 'Are you sure you want to delete this booking?',
  deleteBookingWarning: 'This action cannot be undone. The booking will be permanently removed.',
  /** A booking's state in the customer's words (the stored `rejected` is the office's cancellation). */
  passwordChanged: 'Password changed. You stay signed in here; every other device is signed out.',
  passwordChangeFailed: 'Your password could not be changed. Please try again.',
  googleNoPassword: 'You sign in with Google, so this account has no password. To add one, sign out and use "Forgot password" on the sign-in page.',
  bookingStatus: { pending: 'Pending', accepted: 'Accepted', completed: 'Completed', rejected: 'Cancelled by us' } as Record<string, string>,
  cancelledBecause: (reason: string) => `Cancelled by us: ${reason}`,
  /** Under a booking that can no longer be changed in the app. */
  notEditableContact: 'Only pending bookings can be changed here. To change or cancel this one, contact us:',
  /** Under a closed request (declined, withdrawn, cancelled): no action left here. */
  questionsContact: 'Questions about this booking? Contact us:',
  /** Booking Details of a plan: where its changes are made. */
  planActionsOnCard: 'Skip or move a visit, pause, resume or end your cleans from this plan in My Bookings.',
  suppliesPlaceholder: 'Who provides supplies?',
} as const;

/** The wizard's last step: what is being booked. */
export const WIZARD_SUMMARY_MSG = {
  title: 'Your booking',
  when: 'First visit',
  ukTime: 'UK time',
  often: 'How often',
  where: 'Where',
  price: 'Price',
  perVisit: 'per visit',
} as const;
