// What a cleaner is paid for a job: its hours at their hourly rate (set by the office),
// in integer pence, rounded to the penny once. Pure: the API puts it on available jobs; the payroll CSV's
// rule is the same (hours × rate, rounded).

/** Pay in pence for `hours` at `ratePence` an hour; null when the cleaner has no rate yet. */
export function payPence(hours: number, ratePence: number | null | undefined): number | null {
  if (ratePence == null || !Number.isFinite(hours) || hours < 0) return null;
  return Math.round(hours * ratePence);
}
