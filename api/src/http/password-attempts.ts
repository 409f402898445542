// Password guesses, counted under several keys at once (the account across all IPs, the IP across
// all accounts). An attempt is counted before the password is checked: with check-then-count,
// parallel guesses all passed the check before any of them counted, so a burst could try far more
// passwords than the limit. An attempt whose password was right gives its counts back, so only
// wrong passwords use the allowance; a refused attempt (429) checks nothing and counts nothing.
import { API_MSG } from '@shared/messages-api';
import { takeAll, type Counter } from './rateLimit';

/** Failed sign-ins allowed per account (from any number of IPs): customers and employees alike. */
export const LOGIN_MAX_FAILS = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins allowed per IP address across all accounts (credential stuffing). */
export const LOGIN_IP_MAX_FAILS = 50;

/** The two counters every password sign-in takes from: `audience` keeps customers and staff apart. */
export function signInLimits(audience: 'customer' | 'employee', email: string, ip: string): Counter[] {
  return [
    { name: `${audience}-login-fail`, key: email, max: LOGIN_MAX_FAILS, windowMs: LOGIN_WINDOW_MS, message: API_MSG.loginLocked },
    { name: `${audience}-login-fail-ip`, key: ip, max: LOGIN_IP_MAX_FAILS, windowMs: LOGIN_WINDOW_MS, message: API_MSG.loginIpCapped },
  ];
}

export interface PasswordAttempt {
  /** The password was right: this attempt does not count against the allowance. */
  succeeded(): Promise<void>;
}

/** Takes one attempt from every counter, or throws 429 (retryAfterSeconds) when any has none left. */
export async function takePasswordAttempt(counters: Counter[]): Promise<PasswordAttempt> {
  return { succeeded: await takeAll(counters) };
}
