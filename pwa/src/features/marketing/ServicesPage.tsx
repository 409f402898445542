// Services: four cards, each with Book a clean (the wizard) beside its link to /enquiry.
import { Link, useLocation } from 'react-router-dom';
import { withBookParam } from '@/lib/bookingLink';
import { SERVICES } from './content';
import './marketing.css';
import { usePageTitle } from '@/components/usePageTitle';

export default function ServicesPage() {
  usePageTitle('Our services');
  const { search } = useLocation();
  return (
    <>
      <section className="page-band">
        <div className="container">
          <h1>Our services</h1>
          <p className="page-band__lead">From a weekly home clean to training your own team, tell us what you need and we will quote within a day.</p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <ul className="grid grid--2 plain-list services">
            {SERVICES.map((s) => (
              <li key={s.id} className="card service-card">
                <h2 className="service-card__title">{s.title}</h2>
                <p>{s.text}</p>
                <ul className="service-card__points">
                  {s.points.map((p) => <li key={p}>{p}</li>)}
                </ul>
                <div className="service-card__actions">
                  <Link to={{ search: withBookParam(search) }} state={{ wizardDepth: 1 }} className="btn btn--primary" aria-label={`Book a clean: ${s.title}`}>
                    Book a clean
                  </Link>
                  <Link to="/enquiry" className="btn btn--secondary" aria-label={`Enquire now about ${s.title}`}>
                    Enquire now
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
