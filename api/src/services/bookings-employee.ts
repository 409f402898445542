// The employee side of bookings: finding work (bookings-employee-jobs.ts) and doing it
// (bookings-employee-work.ts). One import for the routes.
export * from './bookings-employee-jobs';
export * from './bookings-employee-work';
