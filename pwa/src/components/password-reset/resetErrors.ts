// Forgot/reset password failures: each errorType becomes a titled message with its actions. Which
// errorType a failed call is, resetErrorFrom.ts says (with the API client, loaded once a call fails).
import { MSG, RESET_ERROR_TITLES, RESET_ERROR_TYPES, type ResetErrorType } from '@shared/messages';

/** What a button under the error does; the dialog decides how. */
export type ResetActionKind = 'signup' | 'different-email' | 'contact' | 'check-email' | 'retry' | 'request-new';

export interface ResetAction {
  label: string;
  kind: ResetActionKind;
  /** Route for the actions that leave the dialog. */
  to?: string;
}

export interface ResetErrorDisplay {
  type: ResetErrorType;
  title: string;
  message: string;
  actions: ResetAction[];
}

const RETRY: ResetAction = { label: 'Try Again', kind: 'retry' };
const REQUEST_NEW: ResetAction = { label: 'Request New OTP', kind: 'request-new' };

const ACTIONS: Record<ResetErrorType, ResetAction[]> = {
  user_not_found: [
    { label: 'Create New Account', kind: 'signup', to: '/signup' },
    { label: 'Try Different Email', kind: 'different-email' },
  ],
  account_blocked: [{ label: 'Contact Support', kind: 'contact', to: '/contact' }],
  otp_pending: [
    { label: 'Check Your Email', kind: 'check-email' },
    { label: 'Wait and Try Again', kind: 'retry' },
  ],
  invalid_otp: [REQUEST_NEW, RETRY],
  otp_expired: [REQUEST_NEW, RETRY],
  no_reset_request: [REQUEST_NEW, RETRY],
  network_error: [RETRY],
  password_mismatch: [RETRY],
  weak_password: [RETRY],
  unknown: [RETRY],
};

const isResetErrorType = (t: unknown): t is ResetErrorType => typeof t === 'string' && (RESET_ERROR_TYPES as readonly string[]).includes(t);

/** The display for an errorType the server sent (anything unrecognised is shown as 'unknown'). */
export function resetErrorDisplay(errorType: string | undefined, message: string): ResetErrorDisplay {
  const type = isResetErrorType(errorType) ? errorType : 'unknown';
  const text = type === 'network_error' ? MSG.networkCheckConnection : message;
  return { type, title: RESET_ERROR_TITLES[type], message: text, actions: ACTIONS[type] };
}

/** Staff have no signup: their 'Account Not Found' offers only another e-mail. */
export const forAudience = (d: ResetErrorDisplay, audience: 'customer' | 'staff'): ResetErrorDisplay =>
  audience === 'staff' ? { ...d, actions: d.actions.filter((a) => a.kind !== 'signup') } : d;

/** No answer came (or the code to send could not be loaded): the connection is the problem. */
export const networkErrorDisplay = (audience: 'customer' | 'staff' = 'customer') =>
  forAudience(resetErrorDisplay('network_error', MSG.networkCheckConnection), audience);
