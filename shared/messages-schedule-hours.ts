// Texts of the plan's estimated hours (set by the office on the schedule) and of the schedule's paging.
export const HOURS_MSG = {
  // API answers
  planNotFound: 'Plan not found.',
  badRow: 'row must be a whole number from 0 to 9999',
  badHours: (min: number, max: number) => `Estimated hours must be from ${min} to ${max}, in steps of 0.5, or null for the estimate from the rooms`,
  saved: (hours: number) => `Every visit of this plan is now estimated at ${hours} h.`,
  reset: (hours: number) => `This plan's visits are estimated from its rooms again (${hours} h).`,

  // The schedule's visit dialog
  legend: 'Estimated hours (every visit of this plan)',
  fromRooms: (hours: number) => `From the rooms: ${hours} h`,
  setByOffice: 'Set by the office',
  useRooms: 'Use the estimate from the rooms',
  hoursLabel: 'Hours',
  saveHours: 'Update hours',
} as const;
