// About: story, stats, values, journey, call to action.
import { CtaActions } from './CtaActions';
import { journeyOf, VALUES } from './content';
import { StatsCards } from './StatsCards';
import './marketing.css';
import { usePageTitle } from '@/components/usePageTitle';
import { useCompany } from '@/lib/company';

export default function AboutPage() {
  const co = useCompany();
  usePageTitle('About us');
  return (
    <>
      <section className="page-band">
        <div className="container">
          <h1>About {co.name}</h1>
          <p className="page-band__lead">A London cleaning company built on turning up, doing it properly, and coming back.</p>
        </div>
      </section>

      <section className="section">
        <div className="container about-story">
          <div>
            <h2>Our story</h2>
            <p>
              {co.name} began in {co.founded}{' '}
              when two friends who had cleaned homes for years decided clients deserved better: the same cleaner each visit, honest prices and someone who
              answers the phone.
            </p>
            <p>
              Today our trained, insured team looks after homes, offices and shops across London. We still answer every enquiry within{' '}
              {co.response}, and every cleaner still works to the checklist we wrote in our first month.
            </p>
          </div>
          <StatsCards />
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="values-title">
        <div className="container">
          <h2 id="values-title">What we value</h2>
          <ul className="grid grid--4 plain-list">
            {VALUES.map((v) => (
              <li key={v.title} className="card">
                <h3>{v.title}</h3>
                <p className="muted">{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="journey-title">
        <div className="container">
          <h2 id="journey-title">Our journey</h2>
          <ol className="timeline">
            {journeyOf(co).map((j) => (
              <li key={j.year} className="timeline__item">
                <span className="timeline__year">{j.year}</span>
                <p>{j.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section">
        <div className="container cta card">
          <div>
            <h2>Ready for a cleaner home or office?</h2>
            <p className="muted">Tell us what you need and we will send a free, no-obligation quote.</p>
          </div>
          <CtaActions className="cta__actions" to="/enquiry" label="Get Free Quote" />
        </div>
      </section>
    </>
  );
}
