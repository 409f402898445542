// The states of what a customer booked, in one vocabulary for the customer, the cleaner and the office
// (shared/README.md "States"). A booking is first a request; once accepted it is a plan of visits. The
// state a screen shows is one word of BOOKING_STATES, worked out from the booking's stored status and
// its plan, and written in words by stateText. Pure: the API and the PWA run the same functions.
import { formatDay } from './when';
import { londonDate, type PlanFrequency } from './visits';

/** A request: waiting for a cleaner, became a plan, declined by the office, withdrawn by the customer. */
export const REQUEST_STATES = ['requested', 'accepted', 'declined', 'withdrawn'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** What a booking is now: a request still open or closed, or the plan it became and that plan's state. */
export const BOOKING_STATES = ['requested', 'declined', 'withdrawn', 'active', 'paused', 'ended', 'cancelled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** Who ended a plan (or cancelled a booking): the customer, the office, or the customer closing their account. */
export const ENDED_BY = ['customer', 'office', 'account'] as const;
export type EndedBy = (typeof ENDED_BY)[number];

/** The stored booking status a request's state reads (shared/constants.ts BOOKING_STATUSES). */
export function requestStateOf(status: string | undefined): RequestState {
  if (status === 'pending' || status === undefined) return 'requested';
  if (status === 'rejected') return 'declined';
  if (status === 'withdrawn') return 'withdrawn';
  return 'accepted';
}

export interface PlanFacts {
  state: string;
  paused_until?: string | null;
}

/**
 * What a booking is now. `plan`: its plan when it has one; `today`: the London date (a pause whose last
 * day has passed is over). A customer's cancel within 14 days is `cancelled` whatever the plan says; an
 * office cancel of a plan ends it (the plan says so), of a request declines it.
 */
export function bookingStateOf(status: string | undefined, plan: PlanFacts | null | undefined, today: string): BookingState {
  if (status === 'cancelled') return 'cancelled';
  if (status === 'withdrawn') return 'withdrawn';
  if (plan) {
    if (plan.state === 'paused') return plan.paused_until && plan.paused_until < today ? 'active' : 'paused';
    if (plan.state === 'ended' || plan.state === 'cancelled') return plan.state;
    return 'active';
  }
  if (status === 'rejected') return 'declined';
  if (status === 'accepted' || status === 'completed') return 'active';
  return 'requested';
}

/** Closed for good: nothing more happens to it. */
export const isClosedState = (s: BookingState): boolean => s === 'declined' || s === 'withdrawn' || s === 'ended' || s === 'cancelled';

/** The badge's word. */
export const STATE_WORD: Record<BookingState, string> = {
  requested: 'Requested',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

const FREQUENCY_WORD: Record<PlanFrequency, string> = {
  daily: 'Daily',
  'twice-weekly': 'Twice a week',
  weekly: 'Weekly',
  fortnightly: 'Every other week',
  monthly: 'Once a month',
  once: 'One-time clean',
  weeks: 'Every few weeks',
};

/** A plan's frequency in the wizard's words ("Weekly"); every N weeks with its N. */
export function frequencyWord(f: string, intervalWeeks?: number | null): string {
  if (f === 'weeks' && intervalWeeks) return `Every ${intervalWeeks} weeks`;
  return FREQUENCY_WORD[f as PlanFrequency] ?? f;
}

/** Who reads the words: the customer ("by you") or staff ("by the customer"). */
export type Reader = 'customer' | 'staff';

export interface StateFacts {
  state: BookingState;
  /** The frequency in words ("Weekly"): frequencyWord of the plan, or the request's answer. */
  frequency: string;
  /** The next scheduled visit (ISO or ms), when there is one. */
  next_visit?: string | number | null;
  paused_until?: string | null;
  /** The pause's first day (London date): said while it is still ahead. */
  paused_from?: string | null;
  /** The plan's last day of visits (London date). */
  ends_on?: string | null;
  /** Who ended or cancelled it, when (ISO or ms), why. */
  by?: EndedBy | null;
  at?: string | number | null;
  reason?: string | null;
  /** A one-time clean done (its visit completed): nothing comes next. */
  done?: boolean;
}

const day = (v: string | number, now: number) => formatDay(typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T12:00:00Z` : v, now);

function byWhom(by: EndedBy | null | undefined, reader: Reader): string {
  if (by === 'account') return reader === 'customer' ? 'when you closed your account' : 'when the customer closed their account';
  if (by === 'office') return reader === 'customer' ? 'by us' : 'by the office';
  if (by === 'customer') return reader === 'customer' ? 'by you' : 'by the customer';
  return '';
}

/**
 * The state in words, as every list, detail and mail writes it: "Weekly, active — next visit Thu 3 Dec",
 * "Weekly, paused until Sat 12 Dec", "Weekly, ended on Thu 3 Dec by you", "Weekly, cancelled within 14
 * days by you on Mon 30 Nov", "Requested — waiting for a cleaner", "Declined by us: <reason>".
 */
export function stateText(f: StateFacts, reader: Reader, now: number = Date.now()): string {
  const next = f.next_visit ? ` — next visit ${day(f.next_visit, now)}` : '';
  const on = f.at ? ` on ${day(f.at, now)}` : '';
  const why = f.reason ? `: ${f.reason}` : '';
  const who = byWhom(f.by, reader);
  switch (f.state) {
    case 'requested':
      return `${f.frequency}, requested — waiting for a cleaner`;
    case 'declined':
      return `${f.frequency}, declined ${reader === 'customer' ? 'by us' : 'by the office'}${on}${why}`;
    case 'withdrawn':
      return `${f.frequency}, withdrawn ${who || byWhom('customer', reader)}${on}`;
    case 'paused':
      return `${f.frequency}, paused ${f.paused_from && f.paused_from > londonDate(now) ? `from ${day(f.paused_from, now)} ` : ''}until ${
        f.paused_until ? day(f.paused_until, now) : '—'
      }${next}`;
    case 'ended': {
      // ends_on is the first day without visits: ahead of today the plan is still running until then.
      if (f.ends_on && f.ends_on > londonDate(now)) return `${f.frequency}, ending from ${day(f.ends_on, now)}${next}`;
      return `${f.frequency}, ended${on || (f.ends_on ? ` from ${day(f.ends_on, now)}` : '')}${who ? ` ${who}` : ''}${why}`;
    }
    case 'cancelled':
      return `${f.frequency}, cancelled within 14 days${who ? ` ${who}` : ''}${on}`;
    default:
      if (f.done && !next) return `${f.frequency}, done`;
      return `${f.frequency}, active${next || ' — no visits coming up'}`;
  }
}
