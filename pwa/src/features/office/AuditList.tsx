// Who did what to a record, newest first, in words (shared/messages-audit.ts): "Returned to
// available: was Cara Cleaner", the changed fields by their names, people by their names.
import type { AuditEntry } from '@shared/schemas/office';
import { AUDIT_TARGET_WORDS, auditChanges, auditSummary } from '@shared/messages-audit';
import { formatWhen } from '@shared/when';

const ROLE_WORDS: Record<string, string> = { employee: 'cleaner', admin: 'admin', 'super-admin': 'owner', system: 'system' };

export function AuditList({ entries, showTarget = false }: { entries: AuditEntry[]; showTarget?: boolean; }) {
  if (!entries.length) return <p className="ofc-muted">No office actions yet.</p>;
  return (
    <ol className="ofc-history">
      {entries.map((a) => {
        const names = a.names ?? {};
        const changes = auditChanges(a.before, a.after, names);
        return (
          <li key={a.id}>
            {showTarget && (
              <span className="ofc-history__target">
                {AUDIT_TARGET_WORDS[a.target.type] ?? a.target.type} {a.target.label ?? ''}:{' '}
              </span>
            )}
            <strong>{auditSummary(a, names)}</strong>{' '}
            <span className="ofc-muted">
              by {a.actor.name} ({ROLE_WORDS[a.actor.role] ?? a.actor.role}) · {formatWhen(a.at) || '—'}
            </span>
            {changes.length > 0 && (
              <ul className="ofc-change">
                {changes.map(([label, was, now]) => (
                  <li key={label}>
                    {label}: {was} → {now}
                  </li>
                ))}
              </ul>
            )}
            {a.note && <p className="ofc-muted">{a.note}</p>}
          </li>
        );
      })}
    </ol>
  );
}
