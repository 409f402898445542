// /office/database: the guide's "Choosing the database" (what the built-in database serves, the figures
// measured, and the move to MongoDB step by step), where the office home's notice leads.
import { Link } from 'react-router-dom';
import { usePageTitle } from '@/components/usePageTitle';
import { DATABASE_MSG } from '@shared/messages-database';
import configuration from '@docs/configuration.md?raw';
import { Guide, sectionOf } from './guide';

const section = sectionOf(configuration, 'Choosing the database');

export default function DatabasePage() {
  usePageTitle(DATABASE_MSG.pageTitle);
  return (
    <section>
      <div className="ofc-head">
        <h1>{DATABASE_MSG.pageTitle}</h1>
      </div>
      <div className="card">
        <p className="ofc-muted">{DATABASE_MSG.pageIntro}</p>
        <Guide markdown={section} />
        <Link to="/office">{DATABASE_MSG.back}</Link>
      </div>
    </section>
  );
}
