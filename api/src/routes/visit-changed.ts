// After a customer's or the office's change to visits: the cleaners it touches are told (notify, kind
// 'changes'), and the plan's customer reminders are brought in step (moved, cancelled, planned).
import type { Deps } from '../deps';
import { syncRemindersQuietly } from '../jobs/visit-notices';
import { mailCleaners, type VisitChange } from '../services/plans/visit-mail';

/** Awaits the reminders (quick, so the answer reflects them); the mail goes on in the background. */
export async function visitChanged(deps: Deps, change: VisitChange | null): Promise<void> {
  void mailCleaners(deps, change);
  await syncRemindersQuietly(deps, change?.plan);
}
