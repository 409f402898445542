// The retry of a message a change could not send at once (services/plans/changes.ts tellEach): keyed
// `tell:{change}:{person}` like the message itself, run once by the runner's lease, retried with backoff.
import type { Deps } from '../deps';
import { notify, type NoticeMessage, type Recipient, type TellKind } from '../notify/notify';

export const TELL = 'tell';

export interface TellPayload {
  to: Recipient;
  kind: TellKind;
  message: NoticeMessage;
}

export function defineTell(deps: Pick<Deps, 'jobs' | 'config' | 'mailer' | 'push' | 'log' | 'clock'>): void {
  deps.jobs.define(TELL, async (p) => {
    const { to, kind, message } = p as unknown as TellPayload;
    await notify(deps, to, kind, message);
  });
}
