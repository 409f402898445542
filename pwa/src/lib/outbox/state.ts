// The outbox state machine as pure functions: what an item becomes after an attempt.
// queued → sending → sent | failed (4xx: the server refused this content) | needs-sign-in (401)
//                  ↘ queued again with exponential backoff (network error, 5xx, 408/409/425/429).
import type { OutboxItem, OutboxState } from '../db';

export type AttemptOutcome =
  | { type: 'ok'; body: unknown }
  | { type: 'network'; message: string }
  | { type: 'http'; status: number; message: string };

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** 2 s, 4 s, 8 s … capped at 5 minutes: the n-th failed attempt waits base·2^(n-1). */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** Statuses that say "try again later" rather than "this request is wrong". 409 = same key still in progress. */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 409 || status === 425 || status === 429;
}

export type AttemptResult = Pick<OutboxItem, 'state'> & Partial<OutboxItem>;

/** The fields to write after an attempt (`item.attempts` already counts this attempt). */
export function afterAttempt(item: Pick<OutboxItem, 'attempts'>, outcome: AttemptOutcome, now: number): AttemptResult {
  if (outcome.type === 'ok') {
    return { state: 'sent', sentAt: now, response: outcome.body, lastError: undefined, sendingSince: undefined };
  }
  if (outcome.type === 'http' && outcome.status === 401) {
    return { state: 'needs-sign-in', lastError: outcome.message, sendingSince: undefined };
  }
  if (outcome.type === 'http' && !isTransientStatus(outcome.status)) {
    return { state: 'failed', lastError: outcome.message, sendingSince: undefined };
  }
  return { state: 'queued', lastError: outcome.message, nextAttemptAt: now + backoffMs(item.attempts), sendingSince: undefined };
}

/** States a person still has to care about (the badge counts these). */
export const UNSENT_STATES: readonly OutboxState[] = ['queued', 'sending', 'failed', 'needs-sign-in'];
