// The travel a cleaner states with their hours (shared/schemas/pay.ts travelFields), as stored on the
// booking or visit beside the hours: only what was sent, so a correction of the hours alone keeps it.
export function travelSet(input: { travel_minutes?: number; travel_note?: string; }): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  if (input.travel_minutes !== undefined) set.travel_minutes = input.travel_minutes;
  if (input.travel_note !== undefined) set.travel_note = input.travel_note;
  return set;
}
