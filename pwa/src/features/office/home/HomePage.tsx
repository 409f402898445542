// Office home: where each part of the office is, one tap away.
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@/components/Spinner';
import { companyKey, fetchCompany } from '../settings/api';
import { usePageTitle } from '@/components/usePageTitle';
import { OFFICE_NAV } from '../nav';
import { Figures } from './Figures';
import { Checklist } from './Checklist';
import { ScheduleFlags } from './ScheduleFlags';
import { SizeNotice } from './SizeNotice';
import { UpgradeNotice, useUpgrade } from './UpgradeNotice';

export default function HomePage() {
  usePageTitle('Office');
  const upgrading = useUpgrade();
  // The company's checklist (above the tiles) comes with its answer: the tiles wait for it, or its
  // arrival pushed them half a screen down (a layout shift of 0.32). A repeat visit has it kept.
  const company = useQuery({ queryKey: companyKey, queryFn: fetchCompany, staleTime: 60_000 });
  return (
    <section>
      <div className="ofc-head">
        <h1>Office</h1>
      </div>
      <SizeNotice />
      {upgrading ? <UpgradeNotice upgrading={upgrading} /> : <ScheduleFlags />}
      <Checklist />
      {company.isPending ? <Spinner label="Loading" /> : (
        <ul className="ofc-tiles">
          {OFFICE_NAV.filter((n) => n.to !== '/office').map((n) => (
            <li key={n.to}>
              <Link className="ofc-tile card" to={n.to}>
                <span aria-hidden="true" className="ofc-tile__icon">
                  {n.icon}
                </span>
                <span>{n.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Figures />
    </section>
  );
}
