// The one typed interface between features and the outbox. A feature declares each kind of thing it
// sends: its request, its label, the metadata other screens may read while it waits (useQueued), and
// the query keys whose data changes once the server has it (the sender invalidates them, whichever
// tab or the service worker sent it). Features then use enqueue/submit, useQueued and onSent only.
import type { FormPart, OutboxItem, OutboxKind } from '../db';

export interface OutboxRequest {
  method?: 'POST' | 'PUT' | 'PATCH';
  path: string;
  json?: unknown;
  form?: FormPart[];
}

/** What other screens may read about a waiting item, per kind (kept small: no request bodies). */
export interface OutboxMeta {
  booking: { postcode: string; cleaningType: string; propertyType: string; bestDays: string; };
  profile: Record<string, never>;
  work: { bookingId: string; };
  contact: Record<string, never>;
  enquiry: Record<string, never>;
  career: Record<string, never>;
  /** The cleaner's hours for one visit, and giving one visit up (My Visits). */
  'visit-work': { visitId: string; };
  'visit-release': { visitId: string; };
  /** A customer's change to a plan or one of its visits (My Bookings shows it beside them while it waits). */
  plan: { bookingId: string; visitId: string; action: string; };
  /** "On my way" to one visit, with the minutes chosen (a string: metadata is text). */
  'visit-on-my-way': { visitId: string; minutes: string; };
  /** "Couldn't get in" at one visit (README "Cancellation rule"). */
  'visit-lockout': { visitId: string; };
  /** A photo of one visit (its blob also kept in db.pendingPhotos until sent), and a problem reported there. */
  'visit-photo': { visitId: string; stage: string; };
  'visit-problem': { visitId: string; problemId: string; kind: string; };
  /** Ticks (and reasons) on one visit's checklist: `ticks` is their JSON, so the card shows them while they wait. */
  'visit-checklist': { visitId: string; ticks: string; };
}

export interface OutboxKindSpec<K extends OutboxKind, I> {
  kind: K;
  auth: OutboxItem['auth'];
  /** What the person sees for it while it waits, e.g. 'Booking for SW1A1AA'. */
  label(input: I): string;
  request(input: I): OutboxRequest;
  meta(input: I): OutboxMeta[K];
  /** Query keys (the features' real ones) to refetch once the server has accepted it. */
  invalidates: readonly (readonly string[])[];
}

/** Declares a kind (the identity function, for type inference at the declaration). */
export const defineKind = <K extends OutboxKind, I>(spec: OutboxKindSpec<K, I>): OutboxKindSpec<K, I> => spec;

/** A waiting item as screens see it (useQueued). */
export interface QueuedItem<K extends OutboxKind = OutboxKind> {
  id: string;
  kind: K;
  label: string;
  state: OutboxItem['state'];
  createdAt: number;
  meta: OutboxMeta[K];
}
