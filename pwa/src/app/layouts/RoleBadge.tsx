// The role shown next to a signed-in person's name, in its colour: a label only, it grants nothing.
import { ROLE_COLOURS, ROLES, type Role } from '@shared/constants';

/** Unknown or missing roles show as the default, user (blue). */
export function roleColour(role: string | undefined): string {
  return (ROLES as readonly string[]).includes(role ?? '') ? ROLE_COLOURS[role as Role] : ROLE_COLOURS.user;
}

/** What the badge says: a customer is a customer to themselves, not a "user". */
const ROLE_TEXT: Record<Role, string> = { 'super-admin': 'super-admin', admin: 'admin', employee: 'employee', user: 'Customer' };

export function RoleBadge({ role }: { role?: string; }) {
  const known = (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : 'user';
  const colour = roleColour(known);
  return (
    <span className={`role-badge role-badge--${colour}`} data-colour={colour} title={`Signed in as ${ROLE_TEXT[known]}`}>
      {ROLE_TEXT[known]}
    </span>
  );
}
