// Every user-facing text, kept once (shared/README.md, Texts): the ones the product specification quotes
// word for word, then the ones the API and the offline features add.

import { SHELL_MSG } from './messages-shell';
import { MARKETING } from './constants';

export const MSG = {
  ...SHELL_MSG,
  // Network and auth helpers
  network: 'Network error. Please try again.',
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
  bookingFailed: 'Booking failed. Please try again.',
  bookingError: 'An error occurred while creating your booking. Please try again.',
  bookingConfirmed: 'Booking Confirmed!',
  bookingQueued: "Saved — will send when you're back online",
  dateInPast: 'Please choose a date and time that is not in the past',

  // Profile
  profileLoadFailed: 'Could not load profile data.',
  profileUpdateFailed: 'Profile update failed',
  profileUpdateError: 'Could not update profile.',
  profileUpdated: 'Profile updated successfully!',
  profileUnavailable: 'Unable to load profile',
  notLoggedIn: "You're not logged in",
  googleNotLoggedIn: 'You are not logged in',
  googleLoginPrompt: 'Please log in with Google to view your profile.',
  nameCannotBeEmpty: 'Name cannot be empty.',

  // Forms
  contactFailed: 'Something went wrong. Please try again.',
  enquiryFailed: 'Failed to submit enquiry. Please try again.',
  enquiryUnexpected: 'An unexpected error occurred. Please try again.',
  careerFailed: 'Failed to submit application',

  // Customer bookings
  fetchBookingsFailed: 'Failed to fetch bookings',
  updateBookingFailed: 'Failed to update booking',
  deleteBookingFailed: 'Failed to delete booking',
  bookingUpdated: 'Booking updated successfully!',
  bookingDeleted: 'Booking deleted successfully!',
  deleteBookingTitle: 'Delete Booking',
  deleteBookingQuestion: 'Are you sure you want to delete this booking?',
  deleteBookingWarning: 'This action cannot be undone. The booking will be permanently removed.',
  suppliesPlaceholder: 'Who provides supplies?',

  // Employee
  employeeLoginFailed: 'Login failed. Please try again.',
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

  // Employee profile
  passwordFieldsAll: 'Please fill in all password fields to change your password.',
  newPasswordMismatch: 'New password and confirm password do not match.',
  newPasswordTooShort: 'New password must be at least 6 characters long.',

  // Blog
  fetchBlogFailed: 'Failed to fetch blog posts',
  createBlogFailed: 'Failed to create blog post',
  updateBlogFailed: 'Failed to update blog post',
  deleteBlogFailed: 'Failed to delete blog post',
  blogCreated: 'Blog post created successfully!',
  blogUpdated: 'Blog post updated successfully!',
  blogDeleted: 'Blog post deleted successfully!',
  deleteBlogQuestion: 'Are you sure you want to delete this blog post?',
  imageLoadFailed: 'Failed to load image',
  blogImageHint: 'Maximum 200MB. Formats: JPEG, JPG, PNG, GIF, WebP',

  // Offline (shared/README.md, Offline guarantees)
  savedOffline: "Saved — will send when you're back online",
  needsServer: 'This page needs a connection to the server. Please try again when you are back online.',
  signInToSend: 'Sign in to send',
  signInAsOwner: 'Sign in with the account that made this to send it.',

  // Generic server answers
  unauthorized: 'Please sign in to continue.',
  tokenInvalid: 'Your session is invalid or has expired. Please sign in again.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found.',
  validationFailed: 'Some fields are missing or invalid.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
  bookingNotEditable: 'Only pending bookings can be changed.',
  bookingTaken: 'This booking has already been accepted by someone else.',
  bookingsListed: (n: number) => (n === 1 ? 'Found 1 booking' : `Found ${n} bookings`),

  // Employee, blog, forms and upload answers of the server.
  invalidCredentials: 'Invalid email or password',
  employeeInactive: 'Your account is inactive. Please contact your manager.',
  loginSuccess: 'Login successful',
  currentPasswordWrong: 'Current password is incorrect.',
  passwordChanged: 'Profile and password updated successfully!',
  availableLoaded: 'Available bookings loaded',
  bookingDeclined: 'Booking declined. It will no longer appear in your available bookings.',
  bookingNotAvailable: 'This booking is no longer available.',
  bookingNotYours: 'This booking is not assigned to you.',
  bookingAlreadyYours: 'You have already accepted this booking.',
  bookingNotFound: 'Booking not found.',
  workAlreadySubmitted: 'Work has already been submitted for this booking.',
  workNotAccepted: 'Work can only be submitted for an accepted booking.',
  /** Why a signed-out visitor is on the sign-in page: what the page they asked for holds. */
  signInFor: (path: string) =>
    path.startsWith('/orders') ? 'Please sign in to see your bookings.' : path.startsWith('/profile') ? 'Please sign in to see your profile.' : 'Please sign in to continue.',
  workTooEarly: (when: string) => `Work can be submitted once the booked time has come: from ${when}.`,
  workOpensFrom: (when: string) => `Submit work from ${when}`,
  noSubmission: 'No work has been submitted for this booking yet.',
  submissionUpdated: 'Work submission updated successfully!',
  officeAsks: 'The office asks:',
  correctHoursTitle: 'Correct work hours',
  submissionApprovedLocked: 'These hours were approved by the office and can no longer be changed.',
  blogLoaded: 'Blog posts loaded',
  blogNotFound: 'Blog post not found.',
  imageNotFound: 'Image not found.',
  contactSent: 'Thank you for your message! We will get back to you soon.',
  enquirySent: 'Thank you for your enquiry! We will contact you within 24 hours.',
  careerSent: 'Thank you for applying! We will review your application and be in touch.',
  cvTooLarge: 'The CV file is too large. The maximum size is {max} MB.',
  cvWrongType: 'The CV must be a PDF, DOC or DOCX file.',
  imageTooLarge: 'The image is too large. The maximum size is {max} MB.',
  imageWrongType: 'The image must be a JPEG, PNG, GIF or WebP file.',
  uploadUnreadable: 'The upload could not be read. Please try again.',
  uploadUnexpectedFile: 'Unexpected file field in the upload.',

  // Sessions and abuse limits (hardening).
  accountBlocked: 'This account has been blocked. Please contact support.',
  loginLocked: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  loginIpCapped: 'Too many failed sign-ins from this network. Please wait a few minutes and try again.',
  signedOut: 'You have been signed out.',
  otpIpCapped: 'Too many codes were requested from this network. Please try again later.',
  otpEmailCapped: 'Too many codes were sent to this email address. Please try again later.',
  otpTooManyWrong: 'Too many wrong codes for this email address. Please wait an hour and request a new code.',
  uploadQuotaIp: 'Too many files have been uploaded from this network today. Please try again tomorrow.',
  uploadQuotaGlobal: 'We are receiving a lot of uploads right now. Please try again later.',
  uploadBusy: 'Too many uploads are in progress. Please try again in a minute.',
  bodyTooDeep: 'The request body is nested too deeply.',
  bodyTooManyMembers: 'The request body has too many fields or items.',
  bodyEncoding: 'Compressed request bodies are not accepted.',
  requestTooLarge: 'The request is too large.',
  bodyNotJson: 'The request body is not valid JSON.',
  formFieldsTooLarge: 'The form fields are too large.',
  badRequest: 'Bad request.',
  recordExists: 'That record already exists.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1–200 letters, digits, "-" or "_".',
  idempotencyKeyBusy: 'A request with this Idempotency-Key is still being processed. Please retry shortly.',
  clientIdInvalid: (header: string) => `${header} must be 16–100 letters, digits, "-" or "_".`,
  invalidParam: (name: string) => `Invalid ${name}`,
  noSuchEndpoint: (method: string, path: string) => `No such endpoint: ${method} ${path}`,
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request body. Use a new key for a new request.',
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

const SIGNATURE = `${MARKETING.companyName} · ${MARKETING.phone} · ${MARKETING.email}`;

/** The booking mails a customer receives; `summary` is the booking's reference and summary lines. */
export const MAIL_MSG = {
  bookingSubject: (what: string, reference?: string | null) => `${MARKETING.companyName}: ${what} (${reference ?? ''})`,
  received: 'booking received',
  accepted: 'your booking was accepted',
  cancelled: 'booking cancelled',
  cancelledByOffice: 'your booking was cancelled',
  referenceLabel: 'Reference',
  bookingReceived: (name: string, summary: string) =>
    `Hello ${name},\n\nThank you for booking with ${MARKETING.companyName}. We have your request; it is confirmed once one of our cleaners accepts it, and we will e-mail you when that happens.\n\n${summary}\n\nYou can change or cancel it from "My bookings" while it is still pending.\n\n${SIGNATURE}`,
  bookingAccepted: (name: string, cleaner: string, summary: string) =>
    `Hello ${name},\n\nGood news: your booking is confirmed. ${cleaner} has accepted it and will be your cleaner.\n\n${summary}\n\n${SIGNATURE}`,
  bookingCancelled: (name: string, summary: string) =>
    `Hello ${name},\n\nYour booking has been cancelled, as you asked. Nothing more will happen with it and no cleaner will visit.\n\n${summary}\n\nWhenever you need us again, you can book a clean on our website.\n\n${SIGNATURE}`,
  bookingCancelledByOffice: (name: string, reason: string, summary: string) =>
    `Hello ${name},\n\nWe are sorry: we have had to cancel your booking.\n\nReason: ${reason}\n\n${summary}\n\nIf you have any questions, or would like to book another time, please get in touch.\n\n${SIGNATURE}`,
} as const;

/**
 * What the API says about accounts and one-time codes where the spec quotes nothing. Customers and
 * staff get the same words for the same failure (the spec's "OTP", as in 'Invalid OTP').
 */
export const ACCOUNT_MSG = {
  accountExists: 'An account with this email already exists. Please log in instead.',
  notVerified: 'Please verify your email with the code we sent before creating an account.',
  signedUp: 'Account created successfully.',
  googleOff: 'Google sign-in is not configured on this server.',
  googleOtherAccount: 'This email is already linked to a different Google account.',
  noPasswordYet: 'This account signs in with Google and has no password yet. Use "Forgot password" to set one.',
  tooManyWrongCurrent: 'Too many wrong current passwords. Please wait a few minutes and try again.',
  passwordChanged: 'Password changed successfully.',
  emailVerified: 'Email verified. You can now create your account.',
  signupResendWait: (s: number) => `Please wait ${s} seconds before requesting another code.`,
  resetResendWait: () => 'A reset code was sent less than 30 seconds ago. Please check your email, or wait and try again.',
  noAccount: 'No account found with this email address.',
  noSignupCode: 'No OTP is waiting for this email. Please request a new one.',
  noResetRequest: 'No password reset was requested for this email. Please request a new OTP.',
  otpExpired: 'This OTP has expired. Please request a new one.',
  otpDead: 'Too many wrong attempts: this OTP no longer works. Please request a new one.',
  otpLastTry: `${MSG.invalidOtp}. That was the last try: this OTP no longer works. Please request a new one.`,
  signupMailSubject: `Your ${MARKETING.companyName} verification code`,
  signupMailText: (code: string, minutes: number) =>
    `Your ${MARKETING.companyName} verification code is ${code}\n\nIt expires in ${minutes} minutes. If you did not ask for it, you can ignore this email.`,
  resetMailSubject: `Your ${MARKETING.companyName} password reset code`,
  resetMailText: (code: string, minutes: number) =>
    `Your ${MARKETING.companyName} password reset code is ${code}\n\nIt expires in ${minutes} minutes. If you did not ask to reset your password, you can ignore this email.`,
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
  storagePersistent: 'Stored safely: this browser will keep it until it is sent.',
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
  created: 'Created',
  attempts: 'Attempts',
  lastError: 'Last error',
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
    profile: 'Phone and address',
    work: 'Work hours',
    contact: 'Contact message',
    enquiry: 'Enquiry',
    career: 'Job application',
  },
} as const;
