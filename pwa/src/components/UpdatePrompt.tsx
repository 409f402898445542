import { useSyncExternalStore } from 'react';
import { SHELL_MSG as MSG } from '@shared/messages-shell';
import { isHeldByForm, isUpdateWaiting, onUpdateAvailable, reloadToUpdate } from '../lib/sw-register';
import './OfflineBanner.css';

/**
 * Shown when a new version of the app is installed and waiting: one click switches to it — unless a
 * form holds input not yet sent, which a reload would lose: then it says so and waits for the next click.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(onUpdateAvailable, isUpdateWaiting, () => false);
  const held = useSyncExternalStore(onUpdateAvailable, isHeldByForm, () => false);
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="alert">
      {held && <p className="update-prompt__held">{MSG.updateHeldByForm}</p>}
      <button type="button" className="btn btn--accent btn--small" onClick={reloadToUpdate}>
        {MSG.updateAvailable}
      </button>
    </div>
  );
}
