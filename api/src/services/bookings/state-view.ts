// What a booking is now, as every answer carries it (customer, cleaner, office): its state word and the
// state in words (shared/states.ts), from the booking, its plan and the plan's next visit.
import { bookingStateOf, frequencyWord, stateText, type BookingState, type EndedBy, type Reader, type StateFacts } from '@shared/states';
import { londonDate } from '@shared/visits';

interface StoredBooking {
  status?: string | null;
  frequency: string;
  cancelled_by?: string | null;
  cancelled_at?: Date | null;
  cancel_reason?: string | null;
  cancelled_within_14_days_at?: Date | null;
}
export interface StoredPlanFacts {
  state?: string | null;
  frequency: string;
  interval_weeks?: number | null;
  paused_until?: string | null;
  paused_from?: string | null;
  ends_on?: string | null;
  ended_by?: string | null;
  ended_at?: Date | null;
  end_reason?: string | null;
}
/** A booking's plan (when it has one), its next scheduled visit, and whether a one-time clean is done. */
export interface PlanSummary {
  plan: StoredPlanFacts | null;
  next: Date | null;
  done: boolean;
}

export interface StateView {
  state: BookingState;
  state_text: string;
  ended_by?: EndedBy;
  ended_at?: string;
  end_reason?: string;
}

/** The facts stateText writes from. `now`: the server's clock (ms). */
export function stateFactsOf(b: StoredBooking, s: PlanSummary | undefined, now: number): StateFacts {
  const plan = s?.plan ?? null;
  const state = bookingStateOf(b.status ?? 'pending', plan ? { state: plan.state ?? 'active', paused_until: plan.paused_until } : null, londonDate(now));
  const frequency = plan ? frequencyWord(plan.frequency, plan.interval_weeks) : b.frequency;
  const byPlan = plan && (state === 'ended' || state === 'cancelled') && plan.ended_by;
  const byBooking = !byPlan && (state === 'declined' || state === 'withdrawn' || state === 'cancelled' || state === 'ended');
  return {
    state,
    frequency,
    next_visit: state === 'active' || state === 'paused' || state === 'ended' ? (s?.next?.getTime() ?? null) : null,
    paused_until: plan?.paused_until ?? null,
    paused_from: plan?.paused_from ?? null,
    ends_on: plan?.ends_on ?? null,
    by: byPlan
      ? (plan.ended_by as EndedBy)
      : byBooking
      ? ((b.cancelled_by as EndedBy | undefined) ?? (b.status === 'rejected' ? 'office' : b.status === 'cancelled' ? 'customer' : null))
      : null,
    at: byPlan ? (plan.ended_at?.getTime() ?? null) : byBooking ? (b.cancelled_at?.getTime() ?? null) : null,
    reason: byPlan ? (plan.end_reason ?? null) : byBooking && b.status === 'rejected' ? (b.cancel_reason ?? null) : null,
    done: Boolean(s?.done),
  };
}

/** The state fields of an answer, worded for `reader`. */
export function stateView(b: StoredBooking, s: PlanSummary | undefined, reader: Reader, now: number): StateView {
  const f = stateFactsOf(b, s, now);
  return {
    state: f.state,
    state_text: stateText(f, reader, now),
    ...(f.by ? { ended_by: f.by } : {}),
    ...(f.at ? { ended_at: new Date(f.at).toISOString() } : {}),
    ...(f.reason ? { end_reason: f.reason } : {}),
  };
}
