/** Something could not be loaded: the reason, and a button to try again (disabled while it retries). */
export function RetryNotice({ message, onRetry, busy = false }: { message: string; onRetry: () => void; busy?: boolean; }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn--ghost btn--small" onClick={onRetry} disabled={busy}>
        Try again
      </button>
    </div>
  );
}
