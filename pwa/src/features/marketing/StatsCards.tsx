import { statsOf } from './content';
import { useCompany } from '@/lib/company';

/** The company's four claims (content.ts) as cards. */
export function StatsCards() {
  const company = useCompany();
  return (
    <ul className="stats grid grid--4" aria-label="Our numbers">
      {statsOf(company).map((s) => (
        <li key={s.label} className="card stats__card">
          <span className="stats__value">{s.value}</span>
          <span className="stats__label">{s.label}</span>
        </li>
      ))}
    </ul>
  );
}
