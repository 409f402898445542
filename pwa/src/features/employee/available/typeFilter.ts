// The available-bookings type filter. The server matches it against the wizard's
// cleaningType (regular ↔ Standard, deep ↔ Deep, move ↔ Move-out); 'Other' answers only show under All Types.
import { EMPLOYEE_TYPE_FILTERS } from '@shared/constants';

export type TypeFilter = 'all' | (typeof EMPLOYEE_TYPE_FILTERS)[number];

export const TYPE_FILTER_OPTIONS: { value: TypeFilter; label: string; }[] = [
  { value: 'all', label: 'All Types' },
  ...EMPLOYEE_TYPE_FILTERS.map((f) => ({ value: f, label: f })),
];
