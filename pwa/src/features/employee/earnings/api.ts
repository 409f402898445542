// The cleaner's Earnings: this period (saved on the device each time it loads, so offline the screen
// shows the last figures "as of" then, like My Visits) and the earlier periods.
import { api, NetworkError } from '@/lib/api';
import { db } from '@/lib/db';
import { readPageCopy, savePageCopy } from '@/lib/offline-pages';
import type { PageInfo } from '@shared/schemas/paging';
import type { Earnings, PeriodSummary } from '@shared/schemas/pay';
import { earningsOwner } from '../offlineBookings';

export const earningsKeys = {
  all: ['employee', 'earnings'] as const,
  current: ['employee', 'earnings', 'current'] as const,
  periods: (page: number) => ['employee', 'earnings', 'periods', page] as const,
};

export interface EarningsView {
  earnings: Earnings;
  periods: PeriodSummary[];
  /** Set when these are the device's saved figures (the server could not be reached). */
  savedAt?: number;
}

type Saved = EarningsView & { id: string; };

/** This period and the last few, from the server; offline, the copy this device saved last. */
export async function fetchEarnings(owner: string | null): Promise<EarningsView> {
  try {
    const [earnings, periods] = await Promise.all([
      api<Earnings>('/api/employee/earnings', { auth: 'employee' }),
      api<{ periods: PeriodSummary[]; } & PageInfo>('/api/employee/earnings/periods?page=1', { auth: 'employee' }),
    ]);
    const view = { earnings, periods: periods.periods };
    if (owner) {
      await savePageCopy<Saved>(db.employeeBookings, earningsOwner(owner), { items: [{ id: 'latest', ...view }], page: 1, limit: 1 }).catch(() => undefined);
    }
    return view;
  } catch (err) {
    if (err instanceof NetworkError && owner) {
      const saved = await readPageCopy<Saved>(db.employeeBookings, earningsOwner(owner), 1, 1);
      if (saved?.items[0]) return { earnings: saved.items[0].earnings, periods: saved.items[0].periods, savedAt: saved.savedAt };
    }
    throw err;
  }
}
