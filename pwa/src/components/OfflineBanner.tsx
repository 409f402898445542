import { Suspense } from 'react';
import { SHELL_MSG as MSG } from '@shared/messages-shell';
import { lazyNamed } from '@/lib/lazyNamed';
import { useOnline } from '../lib/useOnline';
import { useOutboxHint } from '@/lib/outbox/useOutboxHint';
import { outboxMaybeNonEmpty } from '@/lib/outbox/hint';
import { useStorageProblem } from '../lib/outbox/useStorageProblem';
import './OfflineBanner.css';

// The count of waiting items (and Dexie with it) loads only on a device that may hold some.
const WaitingToSend = lazyNamed(() => import('./WaitingToSend'), 'WaitingToSend', outboxMaybeNonEmpty());

/**
 * A small bar: while offline, what the person sees comes from the device; back online with their own
 * items still waiting, how many and a Send now button; and, always, when the device's storage failed
 * even after reopening it — never a silent loss.
 */
export function OfflineBanner() {
  const online = useOnline();
  const mayHoldItems = useOutboxHint();
  const problem = useStorageProblem();
  return (
    <>
      {problem && (
        <div className="offline-banner offline-banner--error" role="alert">
          {MSG.storageProblem}
        </div>
      )}
      {!online ?
        (
          <div className="offline-banner" role="status">
            {MSG.offlineBanner}
          </div>
        ) :
        (
          mayHoldItems && (
            <Suspense fallback={null}>
              <WaitingToSend />
            </Suspense>
          )
        )}
    </>
  );
}
