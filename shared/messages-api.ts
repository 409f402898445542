// The texts only the API sends (error answers, success messages, mails), kept once like the app's own
// texts in messages.ts (shared/README.md, Texts). A module of their own so that no page downloads them.

import type { Company } from './company';
import { MSG } from './messages';

export const API_MSG = {
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
  workTooEarly: (when: string) => `Work can be submitted once the booked time has come: from ${when}.`,
  noSubmission: 'No work has been submitted for this booking yet.',
  submissionApprovedLocked: 'These hours were approved by the office and can no longer be changed.',
  blogLoaded: 'Blog posts loaded',
  blogNotFound: 'Blog post not found.',
  blogNotYours: 'Only its author or the office can change or delete this blog post.',
  imageNotFound: 'Image not found.',
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

/** Whom a mail is from, as the office set it (shared/company.ts). */
type Co = Pick<Company, 'name' | 'phone' | 'email'>;
const signature = (co: Co) => `${co.name} · ${co.phone} · ${co.email}`;

/** The booking mails a customer receives; `summary` is the booking's reference and summary lines. */
export const MAIL_MSG = {
  bookingSubject: (co: Co, what: string, reference?: string | null) => `${co.name}: ${what} (${reference ?? ''})`,
  received: 'booking received',
  accepted: 'your booking was accepted',
  cancelled: 'booking cancelled',
  cancelledByOffice: 'cancelled by us',
  referenceLabel: 'Reference',
  stateLabel: 'State',
  bookingReceived: (co: Co, name: string, summary: string) =>
    `Hello ${name},\n\nThank you for booking with ${co.name}. We have your request; it is confirmed once one of our cleaners accepts it, and we will e-mail you when that happens.\n\n${summary}\n\nYou can change or cancel it from "My bookings" while it is still pending.\n\n${
      signature(co)
    }`,
  bookingAccepted: (co: Co, name: string, cleaner: string, summary: string) =>
    `Hello ${name},\n\nGood news: your booking is confirmed. ${cleaner} has accepted it and will be your cleaner.\n\n${summary}\n\n${signature(co)}`,
  bookingCancelled: (co: Co, name: string, summary: string) =>
    `Hello ${name},\n\nYour booking has been cancelled, as you asked. Nothing more will happen with it and no cleaner will visit.\n\n${summary}\n\nWhenever you need us again, you can book a clean on our website.\n\n${
      signature(co)
    }`,
  bookingCancelledByOffice: (co: Co, name: string, reason: string, summary: string) =>
    `Hello ${name},\n\nWe are sorry: we have had to cancel your booking. In My Bookings it now shows as "Cancelled by us".\n\nWhy: ${reason}\n\n${summary}\n\nIf you have any questions, or would like to book another time, please get in touch.\n\n${
      signature(co)
    }`,
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
  signupMailSubject: (company: string) => `Your ${company} verification code`,
  signupMailText: (company: string, code: string, minutes: number) =>
    `Your ${company} verification code is ${code}\n\nIt expires in ${minutes} minutes. If you did not ask for it, you can ignore this email.`,
  resetMailSubject: (company: string) => `Your ${company} password reset code`,
  resetMailText: (company: string, code: string, minutes: number) =>
    `Your ${company} password reset code is ${code}\n\nIt expires in ${minutes} minutes. If you did not ask to reset your password, you can ignore this email.`,
} as const;

/**
 * Mails about a change of who cleans (the customer's side beside MAIL_MSG) and the cleaner's own mails:
 * every change that affects a person is told to them once (README, "What people are told").
 */
export const CHANGE_MAIL_MSG = {
  returnedSubject: 'looking for a new cleaner',
  returned: (co: Co, name: string, cleaner: string | null, summary: string) =>
    `Hello ${name},\n\n${
      cleaner ? `${cleaner} can no longer come for` : 'We have had to take back'
    } your booking, so it is not confirmed any more: it shows as "Requested" in My Bookings again. We are looking for another cleaner now and will e-mail you as soon as one accepts. Until then you can change or cancel it in My Bookings.\n\n${summary}\n\n${
      signature(co)
    }`,
  acceptedAgain: (co: Co, name: string, cleaner: string, summary: string) =>
    `Hello ${name},\n\nGood news: your booking is confirmed again. ${cleaner} has accepted it and will be your cleaner.\n\n${summary}\n\n${signature(co)}`,
  cleanerSubject: (co: Co, what: string, reference?: string | null) => `${co.name}: ${what} (${reference ?? ''})`,
  assignedSubject: 'a job for you',
  assigned: (co: Co, name: string, summary: string, address: string, phone: string) =>
    `Hello ${name},\n\nThe office has given you this job. It is in My Bookings in the portal.\n\n${summary}\nAddress: ${address}\nCustomer's phone: ${phone}\n\n${
      signature(co)
    }`,
  takenBackSubject: 'a job taken back',
  takenBack: (co: Co, name: string, summary: string) =>
    `Hello ${name},\n\nThe office has taken this job back from you: you do not need to go. It is no longer in your My Bookings.\n\n${summary}\n\n${
      signature(co)
    }`,
  cancelledSubject: 'a job cancelled',
  cancelled: (co: Co, name: string, reason: string, summary: string) =>
    `Hello ${name},\n\nThis job has been cancelled by the office, so you do not need to go.\n\nWhy: ${reason}\n\n${summary}\n\n${signature(co)}`,
  queriedSubject: 'a question about your hours',
  queried: (co: Co, name: string, hours: number, question: string, summary: string) =>
    `Hello ${name},\n\nThe office has a question about the ${hours} hours you submitted for this job:\n\n"${question}"\n\nPlease correct or confirm your hours in the portal (My Bookings).\n\n${summary}\n\n${
      signature(co)
    }`,
} as const;

/** Plans and visits: the API's answers and the cleaner's change mails (shared/README.md "Plans and visits"). */
export const VISIT_MSG = {
  visitNotFound: 'Visit not found.',
  planNotFound: 'This booking has no plan of visits yet: it is still waiting for a cleaner.',
  pastCutoff: (when: string, phone: string) => `This visit can no longer be changed online (changes close at ${when}). Please contact the office: ${phone}.`,
  someVisitPastCutoff: (when: string, phone: string) =>
    `A visit on ${when} is too close to change online. Choose a later date, or contact the office: ${phone}.`,
  notScheduled: 'Only a scheduled visit can be changed.',
  moveInPast: 'Please choose a date and time in the future.',
  moveSameDay: 'There is already a visit of this plan on that day.',
  firstVisitRequired: 'Please set the first visit’s date and time: this booking names no single time.',
  firstVisitInPast: 'The first visit must be in the future.',
  changedMeanwhile: 'This visit was changed a moment ago. Please refresh and try again.',
  planChangedMeanwhile: 'This plan was changed a moment ago. Please refresh and try again.',
  planEnded: 'This plan has ended.',
  notPaused: 'This plan is not paused.',
  workTooEarly: (when: string) => `Hours can be submitted once the visit’s time has come: from ${when}.`,
  workAlreadySubmitted: 'Hours were already submitted for this visit.',
  noWorkYet: 'No hours have been submitted for this visit yet.',
  workCorrected: 'Hours updated: the office will review them again.',
  releaseTooLate: (hours: number) => `A visit can be released at least ${hours} hours ahead. Please call the office.`,
  coverTaken: 'Someone else has already taken this visit.',
  employeeUnavailable: 'That cleaner cannot take visits (inactive or not found).',
  skipped: 'Visit skipped.',
  moved: 'Visit moved.',
  paused: 'Plan paused.',
  resumed: 'Plan resumed.',
  ended: 'Plan ended.',
  scheduleChanged: 'Regular time changed.',
  workSubmitted: 'Hours submitted for this visit.',
  released: 'Visit released: it is offered to other cleaners as a cover job.',
  coverAccepted: 'Cover visit accepted.',
  updated: 'Visit updated.',
  // The cleaner's mail about a change to their visits.
  mailSubject: (reference: string) => `Change to your visits: ${reference}`,
  mailText: (name: string, reference: string, what: string, state?: string) =>
    `Hello ${name},\n\nA change to your visits for ${reference}:\n\n${what}${
      state ? `\n\nState: ${state}` : ''
    }\n\nYour list of visits in the portal is up to date.`,
  mailSkipped: (when: string) => `The visit on ${when} is skipped by the customer.`,
  mailMoved: (from: string, to: string) => `The visit on ${from} is moved to ${to}.`,
  mailPaused: (from: string, until: string) => `Visits are paused from ${from} until ${until}.`,
  mailResumed: 'Visits are resumed.',
  mailEnded: (from: string) => `The plan ends: no visits from ${from}.`,
  mailSchedule: (from: string) => `The regular day or time changes from ${from}.`,
  mailCancelled: (when: string, reason: string) => `The visit on ${when} is cancelled: ${reason}`,
  mailReassigned: (when: string) => `The visit on ${when} is given to another cleaner.`,
  mailAssigned: (when: string) => `The visit on ${when} is now yours.`,
} as const;
