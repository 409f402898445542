// Renders the booking wizard whenever the address carries `?book` (lib/bookingLink.ts), on any public
// page: the header's and the Services cards' "Book a clean" and the home page's postcode box all
// open the same wizard. Its code (and the query client) load only then.
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { BOOK_PARAM } from '@/lib/bookingLink';
import { withQueries } from '@/lib/withQueries';

const BookingWizard = lazy(withQueries(() => import('@/features/booking-wizard/BookingWizard')));

export function BookingWizardHost() {
  const { search } = useLocation();
  if (!new URLSearchParams(search).has(BOOK_PARAM)) return null;
  return (
    <Suspense
      fallback={
        <div className="wizard-loading">
          <Spinner label="Opening booking" />
        </div>
      }
    >
      <BookingWizard />
    </Suspense>
  );
}
