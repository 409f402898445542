// After a new release the server upgrades the company's data in the background: the office home says
// how far it is ("Upgrading your data: 40 %") and that some lists come back when it is done (they
// answer 503 meanwhile rather than leave anything out). Asked again every few seconds until done (health.ts).
import { UPGRADE_MSG } from '@shared/messages-upgrade';
import { useHealth, type Health } from './health';

/** The upgrade in progress, or undefined once done (or never started). */
export function useUpgrade() {
  return useHealth().data?.upgrading;
}

export function UpgradeNotice({ upgrading }: { upgrading: NonNullable<Health['upgrading']>; }) {
  return (
    <section className="card" aria-labelledby="upgrade-title">
      <h2 id="upgrade-title" role="status">
        {upgrading.message}
      </h2>
      <p className="ofc-muted">{UPGRADE_MSG.officeNote}</p>
    </section>
  );
}
