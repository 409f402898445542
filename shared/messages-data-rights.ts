// The texts of a person's data rights: downloading their data, closing their account, the
// office's data requests, and the export's README. A module of its own so other pages do not download it.
import { RETENTION_DEFAULTS as R } from './retention';

export const DATA_RIGHTS_MSG = {
  sectionTitle: 'Your data',
  sectionIntro: 'Download a copy of everything we hold about you, or close your account.',
  download: 'Download my data',
  downloading: 'Preparing your data…',
  downloaded: 'Your data has been downloaded.',
  downloadFailed: 'Your data could not be downloaded. Please try again.',
  exportLimit: (max: number) => `You can download your data at most ${max} times an hour. Please try again later.`,
  exportQueued: (days: number) =>
    `Your account holds a lot of data, so we are preparing it. We will e-mail you a download link, valid for ${days} days and usable once.`,
  closeAccount: 'Close my account',
  closeTitle: 'Close your account?',
  closeKeptTitle: 'What we keep, and why',
  closeExplain: [
    'Your future visits are cancelled, you are signed out on every device and notifications stop.',
    'Your name, e-mail address, phone number, address, access notes and any other notes are removed for good.',
    `Your past bookings, visits, the cleaners' hours and what was charged (visits done, late-change charges) stay for ${R.closedAccountYears} years without your name, because UK tax, accounting and payroll law requires those records. Then they are deleted too.`,
    'Messages you sent through our forms are kept for their own period (see the privacy page).',
    'You can sign up again with the same e-mail address later, as a new customer.',
  ],
  closePasswordLabel: 'Your password',
  closeCodeLabel: 'The code we e-mailed you',
  closeSendCode: 'E-mail me a code',
  closeCodeSent: 'We e-mailed you a 6-digit code.',
  closeConfirm: 'Close my account for good',
  closeCancel: 'Keep my account',
  closing: 'Closing your account…',
  closed: 'Your account is closed. Thank you for using us.',
  closeFailed: 'Your account could not be closed. Please try again.',
  passwordRequired: 'Enter your password to close your account.',
  codeRequired: 'Enter the code we e-mailed you.',
  wrongPassword: 'That password is not right. Nothing was changed.',
  wrongCode: 'That code is not right or has expired. Nothing was changed.',
  useCodeInstead: 'You sign in with Google: ask for a code by e-mail instead.',
  alreadyClosed: 'This account is already closed.',
  closeCodeSubject: 'Your code to close your account',
  closeCodeText: (code: string, minutes: number) =>
    `Your code to close your account is ${code}. It is valid for ${minutes} minutes.\n\nIf you did not ask to close your account, ignore this e-mail and change your password.`,
  closedReason: 'The customer closed their account.',
  cleanerToldClosed:
    'The customer closed their account, so every later visit of this clean is cancelled. Visits already done and their hours stay as they are.',
  staffSelfClose: 'Staff accounts are closed by the office.',
  exportLinkSubject: 'Your data is ready to download',
  exportLinkText: (link: string, days: number) =>
    `The copy of your data you asked for is ready:\n\n${link}\n\nThe link works once and for ${days} days. If you did not ask for it, tell us at once.`,
  exportLinkGone: 'This download link has been used or has expired. Ask for your data again.',
  // The office
  officeTitle: 'Data requests',
  officeIntro: 'Copies of data made and accounts closed: by whom and when. Make a copy for someone who asks by e-mail, or erase an applicant.',
  officeExportTitle: 'Copy of a person’s data',
  officeEraseTitle: 'Erase an applicant',
  officeEmailLabel: 'Their e-mail address',
  officeKindLabel: 'They are',
  officeKinds: { customer: 'a customer', applicant: 'an applicant' } as Record<string, string>,
  officeExportButton: 'Download their data',
  officeEraseButton: 'Erase their applications and CVs',
  officeEraseConfirm: 'Erase every job application and CV from this e-mail address? This cannot be undone.',
  officeErased: (n: number) => (n === 1 ? 'One application erased.' : `${n} applications erased.`),
  officeNoneFound: 'Nobody with this e-mail address.',
  officeEmpty: 'No data requests yet.',
  officeColumns: { at: 'When', kind: 'Request', subject: 'About', by: 'By' },
  kinds: { export: 'Copy of data', close: 'Account closed', erase: 'Applicant erased' } as Record<string, string>,
  subjectTypes: { customer: 'Customer', employee: 'Staff', applicant: 'Applicant' } as Record<string, string>,
  byThemselves: 'themselves',
  notFound: 'Nobody with this e-mail address.',
} as const;

/** README.txt of every export: what each file is. */
export const EXPORT_README: Record<string, string> = {
  'account.json': 'Your account: name, e-mail, phone, address and when it was made.',
  'bookings.json': 'Your bookings, each with its plan (how often, which days) and its visits, with each visit’s price and any late-change charge.',
  'ratings.json': 'The ratings you gave your cleans: stars, your comment, and when.',
  'jobs.json': 'The cleans you accepted or were given, with the hours you submitted, their review and your share of any late-change charge.',
  'messages.json': 'Messages you sent through the website with your e-mail address: contact messages, quote enquiries and job applications.',
  'notification-preferences.json': 'Your choices of e-mail and push notifications per kind.',
  'sessions.json': 'Your sign-ins: sessions are signed tokens, not stored; this says when all of them last ended and when you last signed in.',
  'push-subscriptions.json': 'The devices (browsers) that receive push notifications for you.',
  'audit.json': 'Entries of our audit log about your account (what was changed, when, and by which role).',
  'blog-posts.json': 'The blog posts you wrote.',
  'data-requests.json': 'Copies of your data made before, and other requests about your data.',
  'files/': 'Your own files: a CV you sent us, images of blog posts you wrote, photos your cleaner took at your visits.',
  'photos.json': 'Photos your cleaner took at your visits (before, after, of a problem): the room, when, and the file under files/photos/.',
  'problems.json': 'Problems your cleaner reported at your visits, with their notes, and how the office resolved them.',
  'homes.json': 'Your homes: addresses, access notes, where the keys are, alarm codes, parking, pets and whether photos of visits are taken there.',
  'statements.json':
    'Your monthly statements: per month, each visit done, skipped or cancelled and each late-change charge, with amounts, the totals, and whether we marked the month paid (and the reference).',
};
export const EXPORT_README_HEAD = (name: string, at: string) =>
  `A copy of the data we hold about ${name}, made ${at}.\nEach .json file is UTF-8 JSON. Amounts are in pence (£1 = 100).\n\n`;
