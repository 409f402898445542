import { Link } from 'react-router-dom';
import { BlockedContact } from '../BlockedContact';
import type { ResetAction, ResetErrorDisplay } from './resetErrors';

/** The titled error of a reset dialog with its action buttons. */
export function ResetErrorBox({ error, onAction }: { error: ResetErrorDisplay; onAction: (a: ResetAction) => void; }) {
  return (
    <div className="notice notice--error reset-error" role="alert">
      <strong className="reset-error__title">{error.title}</strong>
      {/* The server's words often repeat the title ('Invalid OTP'): say it once. */}
      {error.message !== error.title && (
        <p>
          {error.message}
          {error.type === 'account_blocked' && <BlockedContact />}
        </p>
      )}
      <div className="reset-error__actions">
        {error.actions.map((a) =>
          a.to ?
            (
              <Link key={a.label} to={a.to} className="btn btn--small btn--secondary" onClick={() => onAction(a)}>
                {a.label}
              </Link>
            ) :
            (
              <button key={a.label} type="button" className="btn btn--small btn--ghost" onClick={() => onAction(a)}>
                {a.label}
              </button>
            )
        )}
      </div>
    </div>
  );
}
