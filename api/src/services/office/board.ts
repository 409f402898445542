// The office's bookings board: the list and one booking's detail (board-list.ts), and the office's
// moves on a booking (board-actions.ts). One import for the routes and benches.
export * from './board-list';
export * from './board-actions';
