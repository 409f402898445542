// The browser's own database (IndexedDB through Dexie): the outbox, the pending booking,
// and per-user offline copies of the bookings a person saw last.
import Dexie, { type EntityTable } from 'dexie';
import type { OutboxState } from './outbox/state';
import type { DehydratedState } from '@tanstack/react-query';

export type { OutboxState };
/** What an item is (its declaration: outbox/kinds.ts). 'profile' = the wizard's phone and address. */
export type OutboxKind =
  | 'booking'
  | 'profile'
  | 'work'
  | 'contact'
  | 'enquiry'
  | 'career'
  | 'visit-work'
  | 'visit-release'
  | 'plan'
  | 'visit-on-my-way'
  | 'visit-lockout'
  | 'visit-photo'
  | 'visit-problem'
  | 'visit-checklist';

/** A multipart field: text, or a file kept as a Blob with its name. */
export type FormPart = { name: string; value: string; } | { name: string; file: Blob; filename: string; };

export interface OutboxItem {
  /** Client-generated UUID, sent as the Idempotency-Key on every attempt. */
  id: string;
  /** Insertion order: replay goes oldest first. */
  seq?: number;
  kind: OutboxKind;
  label: string;
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  auth: 'customer' | 'employee' | 'none';
  json?: unknown;
  form?: FormPart[];
  state: OutboxState;
  attempts: number;
  lastError?: string;
  nextAttemptAt: number;
  createdAt: number;
  /** When the current 'sending' attempt started (a crashed tab leaves this behind). */
  sendingSince?: number;
  /** Short hash of the token a 401 refused: a needs-sign-in item waits for a different token. */
  refusedToken?: string;
  /** Who queued it (user or employee id): it is sent only under that person's session, never another's. */
  owner?: string;
  /**
   * Who may see and count it: 'anyone' (a public form, sent without an account), or
   * 'customer:<id>' / 'employee:<id>'. Indexed, so each person's badge counts only their own.
   */
  audience?: string;
  /** What other screens need to know about it (e.g. the booking id work hours belong to). */
  meta?: Record<string, string>;
  /** TanStack Query keys whose data changes once the server has it. */
  invalidates?: string[][];
  /** Queued together with, and sent after, this item (the wizard's profile update before its booking). */
  after?: string;
  /** The server has answered an attempt at least once (see state.ts waitsFor). */
  reachedServer?: boolean;
  sentAt?: number;
  response?: unknown;
}

export interface PendingBooking {
  id: 'current';
  answers: Record<string, string | boolean>;
  savedAt: number;
}

export interface CachedRecord {
  id: string;
  owner: string;
  data: unknown;
  savedAt: number;
  /** Position in the list the server returned, so the offline copy keeps its order. */
  pos?: number;
}

/** A short-lived claim ("this tab replays the outbox until expiresAt") for browsers without Web Locks. */
export interface Lease {
  name: string;
  owner: string;
  expiresAt: number;
}

/**
 * A copy of the sign-in tokens for the service worker, which cannot read localStorage: it replays the
 * outbox on a Background Sync with them. Kept only while unsent items exist (outbox/session-mirror.ts).
 */
export interface SessionMirror {
  id: 'current';
  values: Record<string, string | null>;
}

/** One signed-in person's last answers of the daily screens, in TanStack Query's dehydrated form (query-persist.ts). */
export interface PersistedQueries {
  /** `customer:<user id>` or `employee:<employee id>` */
  id: string;
  /** The cache shape it was written with: another is dropped, not read. */
  buster: string;
  savedAt: number;
  state: DehydratedState;
}

/**
 * A photo the cleaner took, kept on the phone until the server has it (its outbox item, the same id,
 * sends it): a photo taken with no signal is never lost, whatever happens to the page.
 */
export interface PendingPhoto {
  /** The outbox item's id, which is also its Idempotency-Key. */
  id: string;
  visitId: string;
  room: string;
  stage: 'before' | 'after' | 'problem';
  blob: Blob;
  createdAt: number;
}

export class AppDatabase extends Dexie {
  outbox!: EntityTable<OutboxItem, 'id'>;
  pendingBooking!: EntityTable<PendingBooking, 'id'>;
  myBookings!: EntityTable<CachedRecord, 'id'>;
  employeeBookings!: EntityTable<CachedRecord, 'id'>;
  leases!: EntityTable<Lease, 'name'>;
  session!: EntityTable<SessionMirror, 'id'>;
  queryCache!: EntityTable<PersistedQueries, 'id'>;
  pendingPhotos!: EntityTable<PendingPhoto, 'id'>;

  constructor(name = 'sparkleclean') {
    super(name);
    this.version(1).stores({
      outbox: 'id, &seq, state, kind, createdAt',
      pendingBooking: 'id',
      myBookings: 'id, owner',
      employeeBookings: 'id, owner',
    });
    // v2: the replay lease table (Web Locks fallback). Existing tables are unchanged.
    this.version(2).stores({ leases: 'name' });
    // v3: [kind+state] lets the badges count unsent items from the index, without reading the rows
    // (a full scan per change made draining a long outbox quadratic).
    this.version(3).stores({ outbox: 'id, &seq, state, kind, createdAt, [kind+state]' });
    // v4: the session copy for the service worker's Background Sync replay.
    this.version(4).stores({ session: 'id' });
    // v5: per-person counts and lists ([audience+state], [audience+kind+state]) for shared devices.
    this.version(5)
      .stores({ outbox: 'id, &seq, state, kind, createdAt, [kind+state], [audience+state], [audience+kind+state]' })
      .upgrade((tx) =>
        tx
          .table('outbox')
          .toCollection()
          .modify((i: OutboxItem) => {
            i.audience ??= i.auth === 'none' ? 'anyone' : `${i.auth}:${i.owner ?? ''}`;
          })
      );
    // v6: each signed-in person's last answers of the daily screens (query-persist.ts).
    this.version(6).stores({ queryCache: 'id' });
    // v7: the cleaner's photos waiting to be sent, by visit (features/employee/visits/photos-api.ts).
    this.version(7).stores({ pendingPhotos: 'id, visitId' });
  }
}

export const db = new AppDatabase();
