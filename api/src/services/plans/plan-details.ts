// What Booking Details shows of a plan beside its rule: its state in words (and who ended it, when,
// why), the expected hours of one visit and the price per visit, confirmed by the office or estimated.
import { planHours } from '@shared/duration';
import type { PlanDto } from '@shared/schemas/visits';
import type { BookingDoc } from '../../models/Booking';
import type { PlanDoc } from '../../models/Plan';
import type { StateView } from '../bookings/state-view';

export function planDetails(b: BookingDoc, p: PlanDoc, state: StateView): Partial<PlanDto> {
  return {
    state_text: state.state_text,
    ...(state.ended_by ? { ended_by: state.ended_by } : {}),
    ...(state.ended_at ? { ended_at: state.ended_at } : {}),
    ...(state.end_reason ? { end_reason: state.end_reason } : {}),
    expected_hours: planHours({
      estimated_hours: p.estimated_hours,
      quote: b.quote as { hours?: number; } | undefined,
      bedrooms: b.bedrooms,
      bathrooms: b.bathrooms,
    }),
    price_pence: p.price_pence ?? b.price_pence ?? null,
    price_confirmed: Boolean(b.price_confirmed_at),
  };
}
