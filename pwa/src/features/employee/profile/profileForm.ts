// The profile form's values and its validation with the API's own schema (spec §5 password rules).
import type { Employee, EmployeeProfileUpdateInput } from '@shared/schemas/employee';
import { employeeProfileUpdateSchema } from '@shared/schemas/employee';
import { fieldErrors } from '@shared/schemas/common';

export interface ProfileForm {
  name: string;
  phone: string;
  address: string;
  post_code: string;
  area_serves: string;
  best_suited_for: string;
  has_own_car: boolean;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const formFrom = (e: Employee | null): ProfileForm => ({
  name: e?.name ?? '',
  phone: e?.phone ?? '',
  address: e?.address ?? '',
  post_code: e?.post_code ?? '',
  area_serves: e?.area_serves ?? '',
  best_suited_for: e?.best_suited_for ?? '',
  has_own_car: e?.has_own_car ?? false,
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
});

export type ProfileCheck = { ok: true; input: EmployeeProfileUpdateInput } | { ok: false; errors: Record<string, string> };

/** Password fields are sent only when the person is changing the password. */
export function checkProfile(form: ProfileForm): ProfileCheck {
  const changing = Boolean(form.currentPassword || form.newPassword || form.confirmPassword);
  const { currentPassword, newPassword, confirmPassword, ...rest } = form;
  const candidate = changing ? { ...rest, currentPassword, newPassword, confirmPassword } : rest;
  const parsed = employeeProfileUpdateSchema.safeParse(candidate);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
