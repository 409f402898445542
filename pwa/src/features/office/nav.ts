// The office's sections, in menu order. Each entry is one screen under /office.
import { NOTICES_UI_MSG } from '@shared/messages-notices-ui';

export interface OfficeNavItem {
  to: string;
  label: string;
  icon: string;
}

export const OFFICE_NAV: OfficeNavItem[] = [
  { to: '/office', label: 'Home', icon: '⌂' },
  { to: '/office/schedule', label: 'Schedule', icon: '▦' },
  { to: '/office/bookings', label: 'Bookings', icon: '☰' },
  { to: '/office/team', label: 'Team', icon: '☺' },
  { to: '/office/customers', label: 'Customers', icon: '♟' },
  { to: '/office/inbox', label: 'Inbox', icon: '✉' },
  { to: '/office/problems', label: 'Problems', icon: '⚠' },
  { to: '/office/timesheets', label: 'Timesheets', icon: '✓' },
  { to: '/office/pay', label: 'Pay', icon: '£' },
  { to: '/office/ratings', label: NOTICES_UI_MSG.navRatings, icon: '★' },
  { to: '/office/audit', label: 'Audit', icon: '✎' },
  { to: '/office/prices', label: 'Prices', icon: '£' },
  { to: '/office/checklists', label: 'Checklists', icon: '☑' },
  { to: '/office/statements', label: 'Statements', icon: '¶' },
  { to: '/office/payments', label: 'Payments', icon: '₤' },
  { to: '/office/data-requests', label: 'Data requests', icon: '⇩' },
  { to: '/office/settings', label: 'Settings', icon: '⚙' },
];
