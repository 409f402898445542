// Office home: where each part of the office is, one tap away.
import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@/components/Spinner';
import { companyKey, fetchCompany } from '../settings/api';
import { usePageTitle } from '@/components/usePageTitle';
import { OFFICE_NAV } from '../nav';
import { Figures } from './Figures';
import { Checklist } from './Checklist';
import { ScheduleFlags, useScheduleFlagAnswers } from './ScheduleFlags';
import { SizeNotice } from './SizeNotice';
import { UpgradeNotice, useUpgrade } from './UpgradeNotice';

export default function HomePage() {
  usePageTitle('Office');
  const upgrading = useUpgrade();
  // What sits above the tiles (the cover and bank-holiday flags, the company's checklist) grows when
  // its answer comes: the tiles and figures wait for those answers, or their arrival pushed the tiles
  // down (a layout shift of 0.32, then 0.105 on the first visit after sign-in). A repeat visit has them kept.
  const company = useQuery({ queryKey: companyKey, queryFn: fetchCompany, staleTime: 60_000 });
  const flags = useScheduleFlagAnswers();
  const settled = !company.isLoading && (Boolean(upgrading) || !flags.loading);
  // The figures sit under the tiles (below the fold on a phone): drawn in the pass just after the first,
  // so the tiles are painted without waiting for them.
  const figuresDrawn = useDeferredValue(true, false);
  return (
    <section>
      <div className="ofc-head">
        <h1>Office</h1>
      </div>
      <SizeNotice />
      {!settled ? <Spinner label="Loading" /> : (
        <>
          {upgrading ? <UpgradeNotice upgrading={upgrading} /> : <ScheduleFlags />}
          <Checklist />
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
          {figuresDrawn && <Figures />}
        </>
      )}
    </section>
  );
}
