// What a change of plan or visits is, as the service that made it describes it to changes.ts (which
// tells everyone it affects), and the one way a visit's time is written in a notice.
import type mongoose from 'mongoose';
import { formatWhen } from '@shared/when';
import type { Telling } from './telling';

type Id = string | mongoose.Types.ObjectId;

/** What changed, who made it, and who it touches; changes.ts tells each person once, in their words. */
export interface VisitChange {
  reference: string;
  /** The cleaners whose visits it touches: told `what` (the customer's own changes, cancellations, plan ends). */
  employees: Array<Id | null | undefined>;
  what: string;
  /** The plan the change touched: its customer reminders are brought in step after it. */
  plan?: string;
  /** The service plans the plan's reminders itself (a new plan's visits, all new): not brought in step here. */
  remindersPlanned?: boolean;
  /** Late-change charges the customer accepted with it (pence, total). */
  charge_pence?: number;
  /** Names this one change (e.g. the visit and its version after it): each person is told of it once. */
  key?: string;
  /** The office's (or a holiday's) change: the plan's customer is told this, in the office's words. */
  toCustomer?: string;
  /** Another cleaner for a visit (or this and following): who lost it and who got it, each told their own text. */
  reassigned?: { visit: string; start: Date; from: Id | null | undefined; to: Id; following: boolean; };
  /** The office is told this too (14-day cancellations, closed accounts). */
  toOffice?: { subject: string; text: string; url?: string; };
  /** Visits no longer open for cover (covered, cancelled, skipped, moved away): offers made are withdrawn. */
  notOpen?: Array<{ visit: string; covered: boolean; }>;
  /** Messages the service wrote in its own words (a booking's receipt with its calendar file, a cleaner's job): told once each. */
  told?: Telling[];
}

/** `Tue 30 Mar, 09:00` */
export const when = (d: Date | number) => formatWhen(d, typeof d === 'number' ? d : d.getTime());
