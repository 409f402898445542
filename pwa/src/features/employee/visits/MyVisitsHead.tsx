// My Visits' heading, drawn alike by the screen and by its frame: the frame is what the build puts in
// /employee/my-visits' HTML (app/screen-frames.tsx), painted from the service worker before any script runs.
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { CLEANER_VISITS_MSG as M } from '@shared/messages-cleaner-visits';
import './visits.css';

export function MyVisitsHead() {
  return (
    <>
      <div className="emp-page-head">
        <h1>{M.title}</h1>
      </div>
      <p className="muted">{M.intro}</p>
    </>
  );
}

/** The screen before its answers: its heading and the loading line where the visits come. */
export function MyVisitsFrame() {
  usePageTitle(M.title);
  return (
    <section className="visits-page">
      <MyVisitsHead />
      <Spinner />
    </section>
  );
}
