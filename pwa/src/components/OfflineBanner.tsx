import { SHELL_MSG as MSG } from '../../../shared/messages-shell';
import { useOnline } from '../lib/useOnline';
import './OfflineBanner.css';

/** A small bar while the browser is offline: what the person sees comes from the device. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      {MSG.offlineBanner}
    </div>
  );
}
