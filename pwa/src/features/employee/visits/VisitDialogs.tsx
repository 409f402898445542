// The two questions My Visits asks: the hours for a visit (the same form and schema as Submit Work),
// and "Can't make it" — a confirm while the visit is at least the release window ahead, after that the
// office's phone and e-mail (the server refuses a late release anyway).
import { Modal } from '@/components/Modal';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { RecordModal } from '@/components/RecordModal';
import { FormButtons } from '@/components/FormButtons';
import { useCompany } from '@/lib/company';
import { telHref } from '@shared/company';
import { formatWhen } from '@shared/when';
import { formatPostcode } from '@shared/postcode';
import { CLEANER_VISITS_MSG as M } from '@shared/messages-cleaner-visits';
import type { WorkSubmissionInput } from '@shared/schemas/employee';
import type { VisitDto } from '@shared/schemas/visits';
import { useWorkForm, WorkFields } from '../my-bookings/WorkFields';
import { useHoursReasons } from './HoursReasons';

interface HoursProps {
  visit: VisitDto | null;
  busy: boolean;
  onSubmit: (visit: VisitDto, input: WorkSubmissionInput) => void;
  onClose: () => void;
}

export function SubmitHoursModal({ visit, busy, onSubmit, onClose }: HoursProps) {
  return (
    <RecordModal record={visit} title={M.submitTitle} onClose={onClose}>
      {(v) => <HoursForm visit={v} busy={busy} onSubmit={onSubmit} onClose={onClose} />}
    </RecordModal>
  );
}

function HoursForm({ visit, busy, onSubmit, onClose }: HoursProps & { visit: VisitDto; }) {
  const reasons = useHoursReasons(visit);
  const form = useWorkForm({ hours: '', notes: '' }, (input) => reasons.thenSubmit(() => onSubmit(visit, input)));
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate>
      <p className="muted">
        {visit.customer_name} · {formatWhen(visit.start)} · {visit.postcode && formatPostcode(visit.postcode)}
      </p>
      <WorkFields form={form} />
      {reasons.fields}
      <FormButtons busy={busy || reasons.busy} submitLabel={M.submitHours} busyLabel={M.submitting} onCancel={onClose} />
    </form>
  );
}

interface ReleaseProps {
  visit: VisitDto | null;
  now: number;
  onConfirm: (visit: VisitDto) => void;
  onClose: () => void;
}

/** The release window in hours, read off the server's release_by (its VISIT_RELEASE_HOURS). */
const releaseHours = (v: VisitDto) => (v.release_by ? Math.round((Date.parse(v.start) - Date.parse(v.release_by)) / 3600_000) : 48);

export function CantMakeItDialog({ visit, now, onConfirm, onClose }: ReleaseProps) {
  const company = useCompany();
  const inTime = visit !== null && visit.release_by !== undefined && now <= Date.parse(visit.release_by);
  const when = visit ? formatWhen(visit.start, now) : '';
  if (visit && !inTime) {
    return (
      <Modal open title={M.tooLateTitle} onClose={onClose}>
        <p>{M.tooLate(releaseHours(visit), when)}</p>
        <ul className="visit-office">
          <li>
            <a className="btn btn--primary" href={telHref(company.phone)}>
              {M.callOffice(company.phone)}
            </a>
          </li>
          <li>
            <a href={`mailto:${company.email}`}>{M.emailOffice(company.email)}</a>
          </li>
        </ul>
        <div className="actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {M.close}
          </button>
        </div>
      </Modal>
    );
  }
  return (
    <ConfirmDialog
      open={visit !== null}
      title={M.releaseTitle}
      question={M.releaseQuestion(when)}
      detail={M.releaseDetail}
      confirmLabel={M.releaseConfirm}
      danger
      onConfirm={() => visit && onConfirm(visit)}
      onCancel={onClose}
    />
  );
}
