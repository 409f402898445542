// After a new release the server upgrades the company's data in the background: the office home says
// how far it is ("Upgrading your data: 40 %") and that some lists come back when it is done (they
// answer 503 meanwhile rather than leave anything out). Asked again every few seconds until done.
import { useQuery } from '@tanstack/react-query';
import { UPGRADE_MSG } from '@shared/messages-upgrade';
import { api } from '@/lib/api';
import { officeKeys } from '../api';

type Ready = { upgrading?: { percent: number; message: string; }; };
const EVERY_MS = 5000;

/** The upgrade in progress, or undefined once done (or never started). */
export function useUpgrade() {
  const q = useQuery({
    queryKey: officeKeys.upgrade,
    queryFn: () => api<Ready>('/api/health/ready', { auth: 'none' }),
    refetchInterval: (query) => (query.state.data?.upgrading ? EVERY_MS : false),
  });
  return q.data?.upgrading;
}

export function UpgradeNotice({ upgrading }: { upgrading: NonNullable<Ready['upgrading']>; }) {
  return (
    <section className="card" aria-labelledby="upgrade-title">
      <h2 id="upgrade-title" role="status">
        {upgrading.message}
      </h2>
      <p className="ofc-muted">{UPGRADE_MSG.officeNote}</p>
    </section>
  );
}
