// Accounts as the API shows them: never a password hash, a token version or a search key.
import type { PublicUser } from '@shared/schemas/auth';
import type { Employee as EmployeeDto } from '@shared/schemas/employee';
import type { EmployeeDoc } from '../../models/Employee';
import type { UserDoc } from '../../models/User';

/** The user as the API shows it: never the password hash. */
export function publicUser(u: UserDoc): PublicUser {
  return {
    id: String(u._id),
    email: u.email,
    name: u.name,
    picture: u.picture ?? undefined,
    role: u.role as PublicUser['role'],
    phone: u.phone ?? undefined,
    address: u.address ?? undefined,
    has_password: Boolean(u.passwordHash),
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
  };
}

export function publicEmployee(e: EmployeeDoc): EmployeeDto {
  return {
    id: String(e._id),
    name: e.name,
    email: e.email,
    role: e.role,
    phone: e.phone ?? undefined,
    address: e.address ?? undefined,
    post_code: e.post_code ?? undefined,
    area_serves: e.area_serves ?? undefined,
    best_suited_for: e.best_suited_for ?? undefined,
    has_own_car: Boolean(e.has_own_car),
    is_active: Boolean(e.is_active),
    created_at: e.created_at.toISOString(),
    last_login: e.last_login?.toISOString(),
  };
}
