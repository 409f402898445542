// What every successful sign-in does (login, signup, Google): store the session, send the booking the
// visitor finished while signed out (exactly once) and show the wizard's last screen for it over
// /orders, or else go to /orders after the caller's delay.
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { BOOK_PARAM, BOOK_SENT } from '@/lib/bookingLink';
import type { AuthResponse } from '@shared/schemas/auth';
import { useToast } from '@/components/Toast';
import { useAuth } from '@/lib/auth/AuthProvider';

export function useCompleteSignIn(): (res: AuthResponse, delayMs: number) => Promise<void> {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    async (res: AuthResponse, delayMs: number) => {
      const started = Date.now();
      signIn(res.token, res.user);
      // The pending booking (IndexedDB, the outbox) loads only now: the sign-in form never needs it.
      const pending = await import('@/lib/bookings/pendingBooking').then((m) => m.sendPendingBooking(), () => null);
      if (pending && 'outcome' in pending) {
        // The booking finished before signing in: the wizard's own last screen (reference, summary,
        // what happens next), over My Bookings, instead of a toast that is gone in seconds.
        const { outcome, answers } = pending;
        const wizardOutcome = {
          status: outcome.status === 'sent' ? 'confirmed' : 'queued',
          input: answers,
          booking: outcome.status === 'sent' ? (outcome.booking ?? null) : null,
        };
        navigate(`/orders?${BOOK_PARAM}=${BOOK_SENT}`, { replace: true, state: { wizardOutcome } });
        return;
      }
      if (pending) toast.show(pending.error, 'error');
      // The redirect waits the delay from the moment of success, not from after the booking.
      timer.current = setTimeout(() => navigate('/orders', { replace: true }), Math.max(0, delayMs - (Date.now() - started)));
    },
    [signIn, toast, navigate],
  );
}
