// The profile form's values, and what of them the API's own schema checks.
import type { Employee } from '@shared/schemas/employee';
import { textValues } from '@/lib/form/textValues';

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

const TEXT_KEYS = ['name', 'phone', 'address', 'post_code', 'area_serves', 'best_suited_for'] as const;

export const formFrom = (e: Employee | null): ProfileForm => ({
  ...textValues(e, TEXT_KEYS),
  has_own_car: e?.has_own_car ?? false,
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
});

/** What employeeProfileUpdateSchema checks: password fields only when the person is changing the password. */
export function profileInput(form: ProfileForm) {
  const changing = Boolean(form.currentPassword || form.newPassword || form.confirmPassword);
  const { currentPassword, newPassword, confirmPassword, ...rest } = form;
  return changing ? { ...rest, currentPassword, newPassword, confirmPassword } : rest;
}
