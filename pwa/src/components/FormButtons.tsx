// The footer of a form in a dialog or card: a ghost button that leaves (Cancel, Back) and the
// submit button, which is disabled and relabelled while the request is in flight.
interface Props {
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel: () => void;
  cancelLabel?: string;
  /** Also disable the leaving button while busy (forms whose cancel would drop an upload or save). */
  lockCancel?: boolean;
  /** The submit does something that cannot be taken back (a charge, a deletion): shown as a danger button. */
  danger?: boolean;
}

export function FormButtons({ busy, submitLabel, busyLabel, onCancel, cancelLabel = 'Cancel', lockCancel = false, danger = false }: Props) {
  return (
    <div className="actions">
      <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={lockCancel ? busy : undefined}>
        {cancelLabel}
      </button>
      <button type="submit" className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`} disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
