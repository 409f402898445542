// Home: hero, features, quote and story, contact, stats, reviews, map, and the booking hero.
import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { BookingHero } from './BookingHero';
import { HeroArt } from './HeroArt';
import { HOME_FEATURES } from './content';
import { Reviews } from './Reviews';
import { StatsCards } from './StatsCards';
import './marketing.css';
import { usePageTitle } from '@/components/usePageTitle';
import { useOpenBooking } from '@/lib/bookingLink';
import { lazyNamed } from '@/lib/lazyNamed';
import { useCompany } from '@/lib/company';
import { telHref } from '@shared/company';

// Below the fold, and its frame only loads after hydration anyway: its code comes after the first paint.
const LocationMap = lazyNamed(() => import('@/components/LocationMap'), 'LocationMap');
const MAP_HEIGHT = 320;
// Loaded when the story video is first asked for, like the wizard: most visits never open either.
const VideoModal = lazyNamed(() => import('./VideoModal'), 'VideoModal');

const STORY_VIDEO_ID = import.meta.env.VITE_STORY_VIDEO_ID as string | undefined;
export default function HomePage() {
  const co = useCompany();
  usePageTitle();
  const [videoOpen, setVideoOpen] = useState(false);
  const [videoStarted, setVideoStarted] = useState(false);
  // The wizard itself is the layout's (app/layouts/BookingWizardHost.tsx); this opens it.
  const startBooking = useOpenBooking();

  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">London cleaning, done properly</p>
            <h1>Spotless homes and offices, without the hassle</h1>
            <ul className="hero__features">
              {HOME_FEATURES.map((f) => <li key={f}>{f}</li>)}
            </ul>
            <div className="hero__actions">
              <Link to="/enquiry" className="btn btn--primary">
                Get Free Quote
              </Link>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => {
                  setVideoStarted(true);
                  setVideoOpen(true);
                }}
              >
                <span aria-hidden="true">▶</span> Watch Our Story
              </button>
            </div>
            <p className="hero__contact">
              Call <a href={telHref(co.phone)}>{co.phone}</a> or e-mail <a href={`mailto:${co.email}`}>{co.email}</a>
            </p>
          </div>
          <HeroArt />
        </div>
      </section>

      <BookingHero onStart={startBooking} />

      <section className="section" aria-labelledby="stats-title">
        <div className="container">
          <h2 id="stats-title" className="center">
            Trusted across London
          </h2>
          <StatsCards />
        </div>
      </section>

      <Reviews />

      <section className="section" aria-labelledby="map-title">
        <div className="container home-map">
          <div>
            <h2 id="map-title">Visit or call us</h2>
            <address className="home-map__address">
              {co.address}
              <br />
              <a href={telHref(co.phone)}>{co.phone}</a>
              <br />
              <a href={`mailto:${co.email}`}>{co.email}</a>
            </address>
            <p className="muted">Open {co.officeHours}. We reply to every message within {co.response}.</p>
          </div>
          <Suspense fallback={<div className="location-map__frame" style={{ height: MAP_HEIGHT }} />}>
            <LocationMap height={MAP_HEIGHT} />
          </Suspense>
        </div>
      </section>

      {videoStarted && (
        <Suspense
          fallback={
            <div className="wizard-loading">
              <Spinner label="Opening video" />
            </div>
          }
        >
          <VideoModal open={videoOpen} onClose={() => setVideoOpen(false)} videoId={STORY_VIDEO_ID} />
        </Suspense>
      )}
    </>
  );
}
