// Texts of the office (/office/*, /api/admin/*) and of the staff invitation and reset screens.
import type { Company } from './company';

export const OFFICE_MSG = {
  officeOnly: 'Only office administrators can do that.',
  badPage: 'page must be a whole number of 1 or more',
  badLimit: 'limit must be a whole number from 1 to 100',
  badRange: '"From" must be on or before "To"',
  nothingToChange: 'Nothing to change.',
  reasonRequired: 'Please give a reason for the cancellation',

  // Team
  staffNotFound: 'Staff member not found.',
  staffExists: 'Someone on the team already uses this e-mail address.',
  staffInvited: 'Invitation sent. They will choose their own password from the link in the e-mail.',
  staffUpdated: 'Staff member updated.',
  staffDeactivated: 'Staff member deactivated. Their sessions have ended.',
  staffReactivated: 'Staff member reactivated.',
  onlySuperAdminManagesAdmins: 'Only a super-admin can add, promote or demote administrators.',
  onlySuperAdminEditsAdmins: 'Only a super-admin can change or deactivate an administrator.',
  lastSuperAdmin: 'This is the last active super-admin: make someone else super-admin first.',
  ownRole: 'You cannot change your own role.',
  ownDeactivation: 'You cannot deactivate your own account.',
  invitationResent: 'A new invitation was sent. The previous link no longer works.',
  invitationRevoked: 'The invitation was revoked. The link no longer works.',
  noPendingInvitation: 'There is no pending invitation to revoke.',
  alreadyHasPassword: 'This person has already set their password. They can use "Forgot password" if they need a new one.',
  inviteSendFailed: 'The invitation e-mail could not be sent. Please try again.',
  invitationMailSubject: (co: Pick<Company, 'name'>) => `You're invited to the ${co.name} staff portal`,
  invitationMailText: (co: Pick<Company, 'name' | 'phone' | 'email'>, name: string, link: string) =>
    `Hello ${name},\n\nYou have been added to the ${co.name} team. Choose your password and sign in here:\n\n${link}\n\n` +
    `The link works once and expires in 7 days. If you were not expecting this, you can ignore this email.\n\n${co.name} · ${co.phone} · ${co.email}`,

  // Invitation link
  invitationInvalid: 'This invitation link is not valid. Please ask the office for a new one.',
  invitationExpired: 'This invitation link has expired. Please ask the office to send a new one.',
  invitationUsed: 'This invitation link has already been used. Please sign in, or use "Forgot password".',
  invitationRevokedLink: 'This invitation was withdrawn. Please contact the office.',
  welcomeDone: 'Welcome aboard! Your password is set and you are signed in.',

  // Staff password reset: the answer is the same for every address, so it cannot tell who is on the team.
  staffResetSent:
    'If this e-mail belongs to a staff account, we have sent it a 6-digit code (or, if its password cannot be reset, what to do instead). Please check your inbox and spam folder.',
  resetNoPassword:
    'This account has no password yet: it is chosen through the invitation the office e-mailed. If that link has expired or was withdrawn, please ask the office to send a new invitation.',
  staffResetRefusedSubject: (co: Pick<Company, 'name'>) => `Your ${co.name} staff password`,
  staffResetRefusedText: (co: Pick<Company, 'name' | 'phone' | 'email'>, reason: string) =>
    `Hello,\n\nSomeone (probably you) asked to reset the password of the ${co.name} staff account of this e-mail address. No code was sent:\n\n${reason}\n\n` +
    `If you did not ask, you can ignore this email.\n\n${co.name} · ${co.phone} · ${co.email}`,

  // Bookings board
  assigned: 'Booking assigned.',
  unassigned: 'Booking returned to the available list.',
  cancelled: 'Booking cancelled and the customer informed.',
  assignTaken: 'This booking was accepted by a cleaner a moment ago. Refresh to see who has it.',
  assignNotPending: 'Only a pending booking with no cleaner can be assigned.',
  unassignNotAccepted: 'Only an accepted booking without submitted work can be returned to the available list.',
  cancelNotOpen: 'Only a pending or accepted booking without submitted work can be cancelled.',
  changedMeanwhile: 'This booking changed a moment ago. Refresh to see its current state.',
  cancelTaken: 'A cleaner accepted this booking a moment ago, so it was not cancelled. Refresh to see who has it.',
  employeeNotAssignable: 'Choose an active team member.',
  selfAssignedNote: 'Self-assigned: the office member assigned this booking to themselves.',
  workTakenBack: 'The office returned this booking to the available list a moment ago, so it is no longer yours to submit. Refresh your bookings.',

  // Customers
  customerNotFound: 'Customer not found.',
  customerBlocked: 'Customer blocked. Their sessions have ended.',
  customerUnblocked: 'Customer unblocked.',

  // Inbox
  inboxItemNotFound: 'This message is no longer in the inbox.',
  inboxUpdated: 'Saved.',
  inboxMarkedHandled: 'Marked as handled.',
  inboxMarkedNew: 'Marked as new again.',
  cvNotFound: 'This application has no CV.',
  cvMissing: 'The CV file of this application could not be found.',
  inboxNewCount: '{n} new',
  inboxLoadFailed: 'Could not load the inbox.',
  inboxEmpty: 'Nothing here: no messages match.',
  inboxSaveFailed: 'Could not save the change.',
  cvDownloadFailed: 'Could not download the CV.',
  inboxContactSubject: 'Contact message',
  inboxYes: 'Yes',
  inboxNo: 'No',
  // The office's label of each form field an inbox item shows.
  inboxFieldLabels: {
    message: 'Message',
    service: 'Service',
    date: 'Preferred date',
    postcode: 'Postcode',
    location: 'Location',
    bedrooms: 'Bedrooms',
    bathrooms: 'Bathrooms',
    receptions: 'Receptions',
    appliances: 'Appliances',
    commercialCleaners: 'Commercial cleaners',
    hours: 'Hours',
    details: 'Details',
    consent: 'Consent to be contacted',
    position: 'Position',
    visit_when: 'Visit',
    reference: 'Reference',
    cleaner: 'Cleaner',
    stars: 'Stars',
    comment: 'Comment',
  },
  inboxRecleanKind: 'Not happy — re-clean',
  inboxRecleanSubject: (stars: number) => `${stars}★ rating`,
  inboxRecleanUntil: (until: string) => `Free re-clean offered until ${until}`,
  inboxRecleanBooked: (when: string) => `Re-clean booked for ${when}`,
  inboxRecleanExpired: 'The free re-clean offer has run out',

  // Timesheets
  timesheetNotFound: 'No work has been submitted for this booking.',
  timesheetApproved: 'Hours approved.',
  timesheetQueried: 'Your question was sent to the cleaner.',
  timesheetAlreadyApproved: 'These hours are already approved.',
  ownTimesheet: 'These are your own hours: another administrator has to approve or query them.',
  queryMessageRequired: 'Please write what the cleaner should check.',
  badDay: 'Dates must be written as YYYY-MM-DD.',
  rangeTooLong: 'Choose a period of at most 366 days.',
  timesheetsLoadFailed: 'Could not load the timesheets.',
  timesheetsEmpty: 'No work was submitted in this period.',
  timesheetActionFailed: 'Could not save the review.',
  csvFailed: 'Could not export the CSV.',
  statsLoadFailed: 'Could not load the figures.',
} as const;

/** The office's company settings (office → Settings) and the office home's first-run checklist. */
export const COMPANY_MSG = {
  tooLong: (max: number) => `Must be at most ${max} characters.`,
  nameRequired: 'Enter the company name.',
  addressRequired: 'Enter the company address.',
  hoursRequired: 'Enter the office hours.',
  phoneInvalid: 'Enter a phone number: digits, spaces and + ( ) - only, 6 to 24 characters.',
  httpsOnly: 'Enter a full address starting with https://, or leave it empty.',
  figureRequired: 'Enter a figure (e.g. 2500+).',
  areaInvalid: 'Postcode areas are one or two letters, e.g. E, EC, SW.',
  tooManyAreas: 'At most 130 postcode areas.',
  companyNumberInvalid: 'A company number is 8 letters and digits, e.g. 01234567 or SC123456.',
  foundedInvalid: 'Enter the year the company was founded, e.g. 2020.',
  saved: 'Company settings saved. The public site shows them within a minute.',
  saveFailed: 'Could not save the company settings.',
  loadFailed: 'Could not load the company settings.',
  readOnly: 'Only a super-admin can change the company settings.',
  superAdminOnly: 'Only a super-admin can change the company settings.',
  checklistTitle: 'Getting started',
  checkDetails: 'Enter your company’s details',
  checkDetailsHow: 'name, phone, address, figures',
  checkCleaner: 'Invite your first cleaner',
  checkCleanerHow: 'they get an e-mail to choose a password',
  checkSmtp: 'Send e-mail for real',
  checkSmtpHow:
    'SMTP_URL is not set: every e-mail (codes, bookings, invitations) is only written to the outbox folder (DATA_DIR/outbox) and nobody receives it. Set SMTP_URL and restart.',
  checkOfficeEmail: 'Say where the office’s mail goes',
  checkOfficeEmailHow: 'set OFFICE_EMAIL: contact, enquiry and job-application notifications go there (now: the MAIL_FROM address)',
  checkReviews: 'Link your reviews',
  checkReviewsHow: 'set VITE_REVIEWS_URL to your page on Google or Trustpilot and rebuild; the home page links to it',
} as const;
