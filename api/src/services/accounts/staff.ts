// Staff accounts. The spec has no employee signup; accounts are created by an operator (npm run staff).
import { z } from 'zod';
import { MSG } from '@shared/messages';
import { email, password, requiredText } from '@shared/schemas/common';
import { Employee, STAFF_ROLES, type EmployeeDoc } from '../../models/Employee';
import { publicEmployee } from './account-view';
import type { Employee as EmployeeDto } from '@shared/schemas/employee';
import { hashPassword } from './passwords';
import { isDuplicateKey } from '../../models/duplicate-key';

export const staffCreateSchema = z.strictObject({
  email,
  name: requiredText(MSG.nameRequired, 100),
  password,
  role: z.enum(STAFF_ROLES, { error: `Role must be one of: ${STAFF_ROLES.join(', ')}` }).default('employee'),
});
export type StaffCreateInput = z.input<typeof staffCreateSchema>;

export class StaffExistsError extends Error {}

export async function createStaff(raw: StaffCreateInput, bcryptCost: number): Promise<EmployeeDto> {
  const input = staffCreateSchema.parse(raw);
  const exists = () => new StaffExistsError(`An account with the e-mail ${input.email} already exists.`);
  if (await Employee.exists({ email: input.email })) throw exists();
  const passwordHash = await hashPassword(input.password, bcryptCost);
  try {
    const doc = await Employee.create({ email: input.email, name: input.name, role: input.role, passwordHash, is_active: true });
    return publicEmployee(doc.toObject() as EmployeeDoc);
  } catch (err) {
    // Two creates raced past the check: the unique index decides.
    if (isDuplicateKey(err)) throw exists();
    throw err;
  }
}
