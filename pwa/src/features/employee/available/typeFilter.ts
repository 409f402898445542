// The available-bookings type filter (spec §2, §9) against the wizard's cleaningType values.
import { EMPLOYEE_TYPE_FILTERS, EMPLOYEE_TYPE_TO_CLEANING } from '../../../../../shared/constants';

export type TypeFilter = 'all' | (typeof EMPLOYEE_TYPE_FILTERS)[number];

export const TYPE_FILTER_OPTIONS: { value: TypeFilter; label: string }[] = [
  { value: 'all', label: 'All Types' },
  ...EMPLOYEE_TYPE_FILTERS.map((f) => ({ value: f, label: f })),
];

/** regular ↔ Standard, deep ↔ Deep, move ↔ Move-out; 'Other' answers only show under All Types. */
export function matchesType(filter: TypeFilter, cleaningType: string | undefined): boolean {
  if (filter === 'all') return true;
  return (cleaningType ?? '').trim().toLowerCase() === EMPLOYEE_TYPE_TO_CLEANING[filter].toLowerCase();
}
