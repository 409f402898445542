// Office home: where each part of the office is, one tap away.
import { Link } from 'react-router-dom';
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
  return (
    <section>
      <div className="ofc-head">
        <h1>Office</h1>
      </div>
      <SizeNotice />
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
      <Figures />
    </section>
  );
}
