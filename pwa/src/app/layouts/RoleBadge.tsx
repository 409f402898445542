// The role shown next to a signed-in person's name, in its colour: a label only, it grants nothing.
import { ROLE_COLOURS, ROLES, type Role } from '@shared/constants';

/** Unknown or missing roles show as the default, user (blue). */
export function roleColour(role: string | undefined): string {
  return (ROLES as readonly string[]).includes(role ?? '') ? ROLE_COLOURS[role as Role] : ROLE_COLOURS.user;
}

export function RoleBadge({ role }: { role?: string }) {
  const known = (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : 'user';
  const colour = roleColour(known);
  return (
    <span className={`role-badge role-badge--${colour}`} data-colour={colour} title={`Signed in as ${known}`}>
      {known}
    </span>
  );
}
