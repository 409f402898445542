// What the schedule shows of a visit's plan: its estimated hours, customer name, postcode, and whether
// it is one-time. Read from three collections (plan, booking, customer), so kept per plan: a weekly
// plan's facts are the same on every week, day and refresh the office looks at, and a page of the
// schedule then reads its visits only. Kept under the write versions of those three collections (the
// caller's `stamp`, versioned-cache.ts): any instance's change of a plan, booking or customer is read at once.
import { homeHours, planHours } from '@shared/duration';
import { Booking } from '../../models/Booking';
import { Plan } from '../../models/Plan';
import { User } from '../../models/User';

export interface PlanFacts {
  /** Expected hours (duration.ts planHours): the office's, else the price list's for the home. */
  h: number;
  /** Whether the office set them (else they come from the rooms). */
  set: boolean;
  /** The price list's hours for the home (what the price is made of), shown beside the office's. */
  rooms: number;
  name: string;
  postcode: string;
  once: boolean;
}

const FACTS_TTL_MS = 60_000;
/** Bounded: the oldest entries go first once this many plans are kept (a few MB). */
const FACTS_MAX = 50_000;
const cache = new Map<string, { at: number; stamp: string; facts: PlanFacts; }>();

export function forgetPlanFacts(planId: string): void {
  cache.delete(planId);
}

function keep(id: string, facts: PlanFacts, at: number, stamp: string) {
  cache.delete(id);
  cache.set(id, { at, stamp, facts });
  // A Map iterates in insertion order: the first keys are the least recently stored.
  for (const old of cache.keys()) {
    if (cache.size <= FACTS_MAX) break;
    cache.delete(old);
  }
}

/** The facts of these plans: from the cache when fresh, the rest in three queries. */
export async function planFacts(planIds: string[], stamp = ''): Promise<Map<string, PlanFacts>> {
  const out = new Map<string, PlanFacts>();
  // The cache's age on the process's monotonic timer: not a "now" any rule reads.
  const now = performance.now();
  const missing: string[] = [];
  for (const id of new Set(planIds)) {
    const hit = cache.get(id);
    if (hit && hit.stamp === stamp && now - hit.at < FACTS_TTL_MS) out.set(id, hit.facts);
    else missing.push(id);
  }
  if (!missing.length) return out;
  const [bookings, plans] = await Promise.all([
    Booking.find({ _id: { $in: missing } }, { postcode: 1, bedrooms: 1, bathrooms: 1, user: 1, quote: 1 }).lean(),
    Plan.find({ _id: { $in: missing } }, { estimated_hours: 1, frequency: 1, user: 1 }).lean(),
  ]);
  const bookingOf = new Map(bookings.map((b) => [String(b._id), b]));
  const userIds = [...new Set([...bookings.map((b) => String(b.user)), ...plans.map((p) => String(p.user))])];
  const users = userIds.length ? await User.find({ _id: { $in: userIds } }, { name: 1 }).lean() : [];
  const nameOf = new Map(users.map((u) => [String(u._id), u.name ?? '']));
  for (const p of plans) {
    const id = String(p._id);
    const b = bookingOf.get(id);
    const home = { quote: b?.quote as { hours?: number; } | undefined, bedrooms: b?.bedrooms, bathrooms: b?.bathrooms };
    const rooms = homeHours(home);
    const set = Boolean(p.estimated_hours && p.estimated_hours > 0);
    const facts: PlanFacts = {
      h: planHours({ ...home, estimated_hours: p.estimated_hours }),
      set,
      rooms,
      name: nameOf.get(String(b?.user ?? p.user)) ?? '',
      postcode: b?.postcode ?? '',
      once: p.frequency === 'once',
    };
    keep(id, facts, now, stamp);
    out.set(id, facts);
  }
  return out;
}
