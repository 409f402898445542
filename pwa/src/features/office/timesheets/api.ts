// Timesheets' calls and query keys.
import type { Timesheet, TimesheetStatus, TimesheetTotal } from '@shared/schemas/timesheets';
import { officeGet, officeSend, qs } from '../api';

export interface TimesheetParams {
  from?: string;
  to?: string;
  status?: TimesheetStatus;
  employee?: string;
  page: number;
}

export const TIMESHEET_PAGE_SIZE = 25;

export const timesheetKeys = {
  all: ['office', 'timesheets'] as const,
  list: (p: TimesheetParams) => ['office', 'timesheets', p] as const,
};

export const fetchTimesheets = (p: TimesheetParams) =>
  officeGet<{ timesheets: Timesheet[]; totals: TimesheetTotal[]; total: number; from: string; to: string; }>(
    `/timesheets${qs({ ...p, limit: TIMESHEET_PAGE_SIZE })}`,
  );

/** The rows file, or (`totals`) the totals per employee: two files, so a spreadsheet import never mixes them. */
export const csvPath = (p: Omit<TimesheetParams, 'page'>, part?: 'totals') =>
  `/api/admin/timesheets.csv${qs({ from: p.from, to: p.to, status: p.status, employee: p.employee, part })}`;

export const approve = (bookingId: string) => officeSend<{ timesheet: Timesheet; message: string; }>('POST', `/timesheets/${bookingId}/approve`);
export const query = (bookingId: string, message: string) =>
  officeSend<{ timesheet: Timesheet; message: string; }>('POST', `/timesheets/${bookingId}/query`, { message });
