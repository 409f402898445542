// The customer column of the portal's booking tables: name above e-mail.
export function CustomerCell({ name, email }: { name?: string; email?: string; }) {
  return (
    <td data-label="Customer">
      <span className="cell-stack">
        <strong>{name}</strong>
        <span className="muted">{email}</span>
      </span>
    </td>
  );
}
