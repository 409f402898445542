// A visit's plan, expected length and reference: the same facts on My Visits and on a cover job.
import { CLEANER_VISITS_MSG as M } from '@shared/messages-cleaner-visits';
import type { VisitDto } from '@shared/schemas/visits';

export function VisitFacts({ visit: v, planLabel }: { visit: VisitDto; planLabel: string; }) {
  return (
    <dl className="visit-card__facts">
      <div>
        <dt>{planLabel}</dt>
        <dd>{v.frequency || '—'}</dd>
      </div>
      <div>
        <dt>Expected</dt>
        <dd>{v.expected_hours !== undefined ? M.about(v.expected_hours) : '—'}</dd>
      </div>
      <div>
        <dt>Ref</dt>
        <dd>{v.reference || '—'}</dd>
      </div>
    </dl>
  );
}
