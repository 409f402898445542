import { useSyncExternalStore } from 'react';
import { SHELL_MSG as MSG } from '@shared/messages-shell';
import { isUpdateWaiting, onUpdateAvailable, reloadToUpdate } from '../lib/sw-register';
import './OfflineBanner.css';

/** Shown when a new version of the app is installed and waiting: one click switches to it. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(onUpdateAvailable, isUpdateWaiting, () => false);
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="alert">
      <button type="button" className="btn btn--accent btn--small" onClick={reloadToUpdate}>
        {MSG.updateAvailable}
      </button>
    </div>
  );
}
