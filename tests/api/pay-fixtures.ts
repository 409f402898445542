// Pay tests: a server on a movable clock, cleaners with rates set through the office's staff PATCH, and
// visits whose hours go through the real routes (submitted by the cleaner, approved by the office).
import { londonWallTime } from '@shared/when';
import { Visit } from '../../api/src/models/Visit';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';
import { startVisitsServer, type VisitsServer } from './visits-fixtures';

export interface PayCast {
  v: VisitsServer;
  admin: TestEmployee;
  customer: Awaited<ReturnType<typeof makeCustomer>>;
  /** Moves the server's clock to a London wall time. */
  at(date: string, time?: string): Promise<void>;
  /** A cleaner with an hourly rate (pence) set from the clock's day, and other staff fields. */
  cleaner(name: string, ratePence: number, extra?: Record<string, unknown>): Promise<TestEmployee>;
  /** A visit of `hours` on a London date and time, submitted (with `work` fields) and approved unless told not to. */
  visit(cleaner: TestEmployee, date: string, time: string, hours: number, opts?: { work?: Record<string, unknown>; approve?: boolean; }): Promise<string>;
}

export async function payCast(): Promise<PayCast> {
  const v = await startVisitsServer();
  const admin = await makeEmployee(v.s, { name: 'Ada Admin', role: 'admin' });
  const customer = await makeCustomer(v.s);
  const cast: PayCast = {
    v,
    admin,
    customer,
    at: (date, time = '12:00') => v.setOffset(londonWallTime(date, time)! - Date.now()),
    async cleaner(name, ratePence, extra = {}) {
      const e = await makeEmployee(v.s, { name });
      const res = await v.s.call('PATCH', `/api/admin/staff/${e.id}`, { token: admin.token, json: { pay_rate_pence: ratePence, ...extra } });
      if (res.status !== 200) throw new Error(`staff PATCH ${res.status}: ${JSON.stringify(res.body)}`);
      return e;
    },
    async visit(cleaner, date, time, hours, opts = {}) {
      const plan = await makeBooking(customer.id);
      const visit = await Visit.create({
        plan,
        user: customer.id,
        slot: date,
        day: date,
        start: new Date(londonWallTime(date, time)!),
        employee: cleaner.id,
        state: 'scheduled',
      });
      const id = String(visit._id);
      const sub = await v.s.call('POST', `/api/employee/visits/${id}/submit-work`, { token: cleaner.token, json: { work_hours: hours, ...opts.work } });
      if (sub.status !== 200) throw new Error(`submit-work ${sub.status}: ${JSON.stringify(sub.body)}`);
      if (opts.approve !== false) {
        const ok = await v.s.call('POST', `/api/admin/timesheets/${id}/approve`, { token: admin.token });
        if (ok.status !== 200) throw new Error(`approve ${ok.status}: ${JSON.stringify(ok.body)}`);
      }
      return id;
    },
  };
  return cast;
}
