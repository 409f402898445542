// Every user-facing text the app shows, kept once (shared/README.md, Texts): the ones the product
// specification quotes word for word, then the ones the offline features add. Texts only the API sends
// are in messages-api.ts, so that no page downloads them; those of the signed-in customer's and staff
// screens in messages-customer.ts and messages-staff.ts.

import { SHELL_MSG } from './messages-shell';

export const MSG = {
  ...SHELL_MSG,
  // Network and auth helpers
  network: 'Network error. Please try again.',
  // After the blocked-account refusal: how to reach the company (its settings' phone and e-mail).
  blockedCall: 'Call us on',
  blockedOrEmail: 'or e-mail',
  networkCheckConnection: 'Network error. Please check your internet connection and try again.',
  loginFailed: 'Login failed',
  unexpected: 'An error occurred. Please try again.',
  googleLoginFailed: 'Google Login Failed',
  googleNoCredential: 'No credential received from Google',

  // Forgot / reset password
  sendResetFailed: 'Failed to send reset instructions',
  resetFailed: 'Failed to reset password',
  otpSent: 'OTP sent to your email. Please check your inbox and spam folder.',
  passwordResetDone: 'Password reset successfully! You can now login with your new password.',

  // Signup
  sendOtpFailed: 'Failed to send OTP',
  sendOtpError: 'Error sending OTP',
  resendOtpFailed: 'Failed to resend OTP',
  resendOtpError: 'Error resending OTP',
  invalidOtp: 'Invalid OTP',
  signupFailed: 'Signup failed',
  signupError: 'An error occurred during signup.',
  otpResent: 'OTP resent to your email.',
  signupSuccess: 'Signup successful! Redirecting...',

  // Signup validation
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordsDontMatch: 'Passwords do not match',
  otpRequired: 'Please enter the OTP code',

  // Reset password validation
  resetPasswordsDontMatch: 'Passwords do not match. Please check and try again.',
  resetPasswordTooShort: 'Password must be at least 6 characters long.',

  // Booking
  phoneInvalid: 'Please enter a valid phone number',
  loginToBook: 'Please log in to create a booking',
  /** Beside loginToBook when the visitor finished the 12 steps: nothing they answered is lost. */
  loginToBookKept: 'Your answers are kept on this device: your booking is sent as soon as you sign in or sign up.',
  /** Under "Booking Confirmed!": what was made is a request until a cleaner accepts it. */
  bookingIsRequest: 'This is a booking request: no cleaner has accepted it yet.',
  /** `response`: the company's response time as the office wrote it ("24h" reads "24 hours"). */
  bookingRequestNext: (response: string) =>
    `We look for a cleaner now and e-mail you as soon as one accepts, usually within ${/^\d+h$/.test(response) ? `${response.slice(0, -1)} hours` : response}.`,
  /** The wizard's tick: a booking's address and phone change the profile only when the customer asks. */
  saveAsMyDetails: 'Save this address and phone number as my details',
  bookingFailed: 'Booking failed. Please try again.',
  bookingError: 'An error occurred while creating your booking. Please try again.',
  bookingConfirmed: 'Booking Confirmed!',
  bookingQueued: "Saved — will send when you're back online",
  dateInPast: 'Please choose a date and time that is not in the past',

  // Profile
  profileUpdateFailed: 'Profile update failed',
  profileUpdated: 'Profile updated successfully!',

  // Forms
  contactFailed: 'Something went wrong. Please try again.',
  enquiryFailed: 'Failed to submit enquiry. Please try again.',
  enquiryUnexpected: 'An unexpected error occurred. Please try again.',
  careerFailed: 'Failed to submit application',

  // Customer bookings
  fetchBookingsFailed: 'Failed to fetch bookings',

  // Employee
  employeeLoginFailed: 'Login failed. Please try again.',

  // Employee profile
  passwordFieldsAll: 'Please fill in all password fields to change your password.',
  newPasswordMismatch: 'New password and confirm password do not match.',
  newPasswordTooShort: 'New password must be at least 6 characters long.',

  // Blog
  fetchBlogFailed: 'Failed to fetch blog posts',

  // Offline (shared/README.md, Offline guarantees)
  savedOffline: "Saved — will send when you're back online",
  needsServer: 'This page needs a connection to the server. Please try again when you are back online.',
  signInToSend: 'Sign in to send',
  signInAsOwner: 'Sign in with the account that made this to send it.',

  // Forms and uploads: shown by the app and also sent by the API (texts only the API sends are in
  // messages-api.ts).
  contactSent: 'Thank you for your message! We will get back to you soon.',
  enquirySent: 'Thank you for your enquiry! We will contact you within 24 hours.',
  careerSent: 'Thank you for applying! We will review your application and be in touch.',
  cvTooLarge: 'The CV file is too large. The maximum size is {max} MB.',
  cvWrongType: 'The CV must be a PDF, DOC or DOCX file.',
} as const;

/** Field checks of the shared schemas that the spec leaves to us: the form and the API say the same. */
export const FIELD_MSG = {
  required: (label: string) => `${label} is required`,
  tooLong: (max: number) => `Must be at most ${max} characters`,
  namedTooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  oneOf: (label: string, values: readonly string[]) => `${label} must be one of: ${values.join(', ')}`,
  nothingToUpdate: 'Nothing to update',
  passwordTooLong: 'Password must be at most 200 characters',
  postcodeLetters: 'Postcode may contain only letters and digits',
  invalidId: 'Invalid id',
  urlInvalid: 'Must be a valid http(s) URL',
  notANumber: 'Must be a number',
  notWhole: 'Must be a whole number',
  negative: 'Must be 0 or more',
  chooseService: 'Please choose a service',
  chooseConsent: 'Please give your consent so we can contact you',
  choosePosition: 'Please choose a position',
  workHoursRequired: 'Work hours are required',
  workHoursMin: (min: number) => `Work hours must be at least ${min}`,
  workHoursMax: (max: number) => `Work hours must be at most ${max}`,
  workHoursStep: (step: number) => `Work hours must be in steps of ${step}`,
  queryNumber: (name: string, max: number) => `${name} must be a whole number from 1 to ${max}`,
  queryAtMost: (name: string, max: number) => `${name} must be at most ${max}`,
  notText: (label: string) => `${label} must be text`,
} as const;

/** Forgot/reset password errorType values and the title the reset dialog shows for each. */
export const RESET_ERROR_TYPES = [
  'user_not_found',
  'account_blocked',
  'otp_pending',
  'invalid_otp',
  'otp_expired',
  'no_reset_request',
  'network_error',
  'password_mismatch',
  'weak_password',
  'unknown',
] as const;
export type ResetErrorType = (typeof RESET_ERROR_TYPES)[number];

export const RESET_ERROR_TITLES: Record<ResetErrorType, string> = {
  user_not_found: 'Account Not Found',
  account_blocked: 'Account Blocked',
  otp_pending: 'Request Already Pending',
  invalid_otp: 'Invalid OTP',
  otp_expired: 'OTP Expired',
  no_reset_request: 'No Reset Request',
  network_error: 'Connection Error',
  // The spec gives no titles for these two; ours say what happened.
  password_mismatch: 'Passwords Do Not Match',
  weak_password: 'Password Too Weak',
  unknown: 'Error',
};

/** Outbox page texts (shared/README.md, Offline guarantees). */
export const OUTBOX_TEXT = {
  title: 'Waiting to send',
  intro: 'What you send while offline waits here, safely stored on this device, until our server has it.',
  storageNotPersistent: 'Stored on this device, but the browser may clear it if space runs low. Send it as soon as you can.',
  empty: 'Nothing waiting to be sent. Everything you sent has reached us.',
  sendNow: SHELL_MSG.sendNow,
  sending: SHELL_MSG.sending,
  storageProblem: SHELL_MSG.storageProblem,
  retry: 'Retry',
  discard: 'Discard',
  edit: 'Edit',
  save: 'Save and send',
  cancel: 'Cancel',
  signIn: 'Sign in',
  discardTitle: 'Discard this item?',
  discardQuestion: 'Are you sure you want to discard this item?',
  discardDetail: 'It has not reached us and will be deleted from this device.',
  created: 'Saved',
  // What a waiting item's person is told, in their words (never "Attempts 1 / Network error").
  notSentOffline: 'Not sent yet — we’ll try again when you’re back online.',
  notSentOnline: 'Not sent yet — we’ll try again shortly.',
  refused: 'We could not accept this:',
  signInAgain: 'Sign in again and it will be sent.',
  sentAt: 'Sent',
  offlineHint: 'You are offline. Items will be sent automatically when you are back online.',
  sentToast: 'Sent from your outbox: ',
  states: {
    queued: 'Waiting to send',
    sending: 'Sending…',
    sent: 'Sent',
    failed: 'Not accepted',
    'needs-sign-in': MSG.signInToSend,
  },
  kinds: {
    booking: 'Booking',
    profile: 'Your phone and address',
    work: 'Work hours',
    contact: 'Contact message',
    enquiry: 'Enquiry',
    career: 'Job application',
    'visit-work': 'Hours for a visit',
    'visit-release': 'Can’t make it: a visit given up',
    plan: 'Change to your regular cleans',
    'visit-on-my-way': 'On my way: the customer told',
    'visit-lockout': 'Couldn’t get in: the customer told',
    'visit-photo': 'Visit photo',
    'visit-problem': 'Problem at a visit',
    'visit-checklist': 'Checklist ticks',
  },
} as const;
