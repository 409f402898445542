export function Spinner({ label = 'Loading' }: { label?: string; }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
