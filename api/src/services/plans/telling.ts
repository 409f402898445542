// The shapes the change-telling service and its helpers share: what they need of the server, and one
// message to one person as it is planned.
import type { Deps } from '../../deps';
import type { TellPayload } from '../../jobs/tell';

export type ChangeDeps = Pick<Deps, 'jobs' | 'config' | 'mailer' | 'push' | 'log' | 'clock'>;

/** One message to one person, planned as a job keyed by the change and the person. */
export interface Telling extends TellPayload {
  /** The person's part of the job key, e.g. `employee:{id}:lost`. */
  who: string;
  /** The whole job key, when the message is once per something other than the change (a withdrawn offer). */
  key?: string;
}
