// How any page opens the booking wizard: `?book` on the current address (`?book=3` is step 3), so the
// wizard's steps live in the browser history (Back goes one step back) and a reload reopens it.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { bookingDraft } from './session';

export const BOOK_PARAM = 'book';
/** `?book=sent`: the wizard's last screen (reference and summary) for a booking just made. */
export const BOOK_SENT = 'sent';

/** History entries the wizard has pushed since it opened (so closing can step back past all of them). */
export interface WizardHistoryState {
  wizardDepth?: number;
  /** A booking finished before signing in and sent at sign-in: its last screen (BookingWizard's Outcome). */
  wizardOutcome?: unknown;
}

/** The search string of `search` with the wizard at `step` (or at the saved step when omitted). */
export function withBookParam(search: string, step?: number | string): string {
  const params = new URLSearchParams(search);
  params.set(BOOK_PARAM, step === undefined ? '' : String(step));
  return `?${params.toString().replace(/=(&|$)/, '$1')}`;
}

export function withoutBookParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(BOOK_PARAM);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Opens the wizard where the person left off; a postcode from the home page's box starts a draft with it. */
export function useOpenBooking(): (postcode?: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (postcode?: string) => {
      if (postcode) {
        const draft = bookingDraft.read();
        bookingDraft.save({ step: draft?.step ?? 1, answers: { ...draft?.answers, postcode } });
      }
      navigate({ pathname: location.pathname, search: withBookParam(location.search) }, { state: { wizardDepth: 1 } satisfies WizardHistoryState });
    },
    [navigate, location.pathname, location.search],
  );
}
