// The outbox state machine as pure functions: its states (defined here, once) and what an item becomes
// after an attempt.
// queued → sending → sent | failed (4xx: the server refused this content) | needs-sign-in (401)
//                  ↘ queued again with exponential backoff (network error, 5xx, 408/425/429, and the
//                    409 that says the same key is still in progress).
import { IDEMPOTENCY_BUSY } from '@shared/constants';

/** Every state an item can be in. The first three are "on its way"; `failed` waits for the person. */
export const OUTBOX_STATES = ['queued', 'sending', 'needs-sign-in', 'failed', 'sent'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** On its way to the server: shown as "waiting to send" next to what it belongs to. */
export const WAITING_STATES: readonly OutboxState[] = OUTBOX_STATES.slice(0, 3);
/** Not yet accepted by the server: what the badge counts and the person still has to care about. */
export const UNSENT_STATES: readonly OutboxState[] = OUTBOX_STATES.filter((s) => s !== 'sent');
/** What a sender may pick up (`sending` only for a crashed, unlocked send). */
export const SENDABLE_STATES: readonly OutboxState[] = WAITING_STATES;
/**
 * What "Send now" can send at once: not an item waiting for a sign-in, nor one being sent as the
 * person watches (the offline/queued notice counts these).
 */
export const SEND_NOW_STATES: readonly OutboxState[] = OUTBOX_STATES.slice(0, 1);

export type AttemptOutcome =
  | { type: 'ok'; body: unknown; }
  | { type: 'network'; message: string; }
  | { type: 'http'; status: number; message: string; errorType?: string; };

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** 2 s, 4 s, 8 s … capped at 5 minutes: the n-th failed attempt waits base·2^(n-1). */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Answers that say "try again later" rather than "this request is wrong". A 409 only when it says the
 * same key is still in progress: any other 409 is a refusal (past a visit's cut-off, changed
 * meanwhile) that the same key would only replay, so it waits for the person like other 4xx.
 */
export function isTransientStatus(status: number, errorType?: string): boolean {
  if (status === 409) return errorType === IDEMPOTENCY_BUSY;
  return status >= 500 || status === 408 || status === 425 || status === 429;
}

export interface AttemptResult {
  state: OutboxState;
  sentAt?: number;
  response?: unknown;
  lastError?: string;
  nextAttemptAt?: number;
  sendingSince?: undefined;
  /** The server answered at least once (any status): an item queued after this one need not wait for it. */
  reachedServer?: boolean;
}

/** The fields to write after an attempt (`item.attempts` already counts this attempt). */
export function afterAttempt(item: { attempts: number; reachedServer?: boolean; }, outcome: AttemptOutcome, now: number): AttemptResult {
  const reachedServer = item.reachedServer || outcome.type !== 'network';
  if (outcome.type === 'ok') {
    return { state: 'sent', sentAt: now, response: outcome.body, lastError: undefined, sendingSince: undefined, reachedServer };
  }
  if (outcome.type === 'http' && outcome.status === 401) {
    return { state: 'needs-sign-in', lastError: outcome.message, sendingSince: undefined, reachedServer };
  }
  if (outcome.type === 'http' && !isTransientStatus(outcome.status, outcome.errorType)) {
    return { state: 'failed', lastError: outcome.message, sendingSince: undefined, reachedServer };
  }
  return { state: 'queued', lastError: outcome.message, nextAttemptAt: now + backoffMs(item.attempts), sendingSince: undefined, reachedServer };
}

/**
 * Must `item` wait for the one it was queued after (`after`)? Only while that one is queued or being
 * sent and has never reached the server: it goes first, but its failure, a server that keeps refusing
 * it, or a wait for a sign-in (which this item then meets on its own) never holds this one back.
 */
export function waitsFor(predecessor: { state: OutboxState; reachedServer?: boolean; } | undefined): boolean {
  return !!predecessor && (predecessor.state === 'queued' || predecessor.state === 'sending') && !predecessor.reachedServer;
}
