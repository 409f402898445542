// The two states every portal list can be in besides showing rows: it failed to load, or it is empty.

/** A list that failed to load: the reason, and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void; }) {
  return (
    <div className="notice notice--error emp-error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn--small btn--ghost" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A list with nothing in it: what that means and what to do next. */
export function EmptyList({ title, hint }: { title: string; hint: string; }) {
  return (
    <div className="card emp-empty">
      <h2>{title}</h2>
      <p className="muted">{hint}</p>
    </div>
  );
}
