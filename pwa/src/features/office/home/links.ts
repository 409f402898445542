// Where each figure on the office home leads: the list that holds exactly the records it counts.
// Pure (no React), so the API tests follow the very same links.
import type { BoardDate } from '@shared/schemas/office';

const query = (params: Record<string, string | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
};

/** Bookings whose `on` date (requested, accepted, work submitted, cancelled) falls in the days from–to. */
export const boardLink = (from: string, to: string, on: BoardDate) => `/office/bookings${query({ on: on === 'created' ? undefined : on, from, to })}`;

/** Requests with no cleaner for more than a day, now. */
export const waitingLink = '/office/bookings?status=waiting';

/** The inbox's new items. */
export const inboxNewLink = '/office/inbox?status=new';

/** Work submitted in the period whose hours are approved. */
export const approvedHoursLink = (from: string, to: string) => `/office/timesheets${query({ status: 'approved', from, to })}`;
