import { STATS } from './content';

/** The company's four claims (content.ts) as cards. */
export function StatsCards() {
  return (
    <ul className="stats grid grid--4" aria-label="Our numbers">
      {STATS.map((s) => (
        <li key={s.label} className="card stats__card">
          <span className="stats__value">{s.value}</span>
          <span className="stats__label">{s.label}</span>
        </li>
      ))}
    </ul>
  );
}
