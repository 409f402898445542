// Photos and problems of a visit (shared/README.md "Photos" and "Problems"): every text the API and the PWA show.
import type { ProblemKind } from './schemas/photos';

export const PROBLEM_KIND_LABEL: Record<ProblemKind, string> = {
  couldnt_get_in: 'Couldn’t get in',
  broken: 'Something broken',
  missing: 'Something missing',
  unsafe: 'Unsafe',
  other: 'Other',
};

export const PHOTO_MSG = {
  photoRequired: 'Choose a photo to send.',
  wrongType: 'The photo must be a JPEG, PNG or WebP image.',
  tooLarge: 'The photo is too large. The maximum size is {max} MB.',
  visitFull: (max: number) => `This visit already has ${max} photos, the most one visit can keep. Ask the office if more are needed.`,
  notAllowed: 'The customer has turned photos off for this home.',
  problemNotFound: 'That problem is not one of this visit’s.',
  photoNotFound: 'Photo not found.',
  saved: 'Photo saved.',
  // The PWA.
  noPhotosHere: 'No photos for this home',
  waiting: (n: number) => (n === 1 ? '1 photo waiting' : `${n} photos waiting`),
  before: 'Before',
  after: 'After',
  addPhoto: (stage: string, room: string) => `${stage} photo: ${room}`,
  photosTitle: 'Photos',
  room: 'Room',
  noPhotos: 'No photos yet.',
  couldNotRead: 'That photo could not be read. Try again.',
  loadFailed: 'The photos could not be loaded.',
  photoAlt: (room: string, stage: string) => `${room}, ${stage}`,
};

export const PROBLEM_MSG = {
  problemNotFound: 'Problem not found.',
  alreadyResolved: 'This problem was already resolved.',
  reported: 'Problem reported. The office has been told.',
  notSent: 'The problem could not be reported.',
  notResolved: 'The problem could not be resolved.',
  queued: 'Saved on this phone: it is sent as soon as you are online.',
  resolved: 'Problem resolved.',
  // The office's notice.
  officeSubject: (kind: ProblemKind, reference: string) => `Problem reported: ${PROBLEM_KIND_LABEL[kind]} (${reference})`,
  officeText: (p: { kind: ProblemKind; reference: string; when: string; cleaner: string; customer: string; postcode: string; note: string; }) =>
    `${p.cleaner} reported a problem at the visit of ${p.when} (${p.reference}, ${p.customer}, ${p.postcode}).\n\n` +
    `${PROBLEM_KIND_LABEL[p.kind]}${p.note ? `: ${p.note}` : ''}\n\nOpen the Problems page to resolve it.`,
  // The customer's notice (never the access notes).
  customerSubject: (when: string) => `A note from your clean of ${when}`,
  customerText: (p: { firstName: string; cleaner: string; when: string; kind: ProblemKind; note: string; photos: string[]; phone: string; }) =>
    `Hello ${p.firstName},\n\n${p.cleaner || 'Your cleaner'} noted something at your home during the visit of ${p.when}: ` +
    `${PROBLEM_KIND_LABEL[p.kind].toLowerCase()}${p.note ? ` — “${p.note}”` : ''}.\n\n` +
    (p.photos.length ? `Photos:\n${p.photos.join('\n')}\n\n` : '') +
    `The office will be in touch${p.phone ? `; you can also call us on ${p.phone}` : ''}.`,
  // The PWA.
  reportTitle: 'Report a problem',
  kindLabel: 'What happened',
  noteLabel: 'Note',
  send: 'Send report',
  addPhotos: 'Add photos',
  pageTitle: 'Problems',
  none: 'No open problems.',
  resolveLabel: 'What was done',
  resolve: 'Resolve',
  resolvedWith: (note: string) => `Resolved: ${note}`,
  open: 'Open',
  problemsTitle: 'Problems',
};
