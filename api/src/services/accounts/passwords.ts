// Password hashing with bcryptjs; the cost comes from config (10 in production).
import bcrypt from 'bcryptjs';
import { API_MSG } from '@shared/messages-api';
import { badRequest } from '../../lib/errors';
import { takePasswordAttempt } from '../../lib/password-attempts';
import type { Counter } from '../../lib/rate-limit';

/** A real hash to compare against when the account does not exist, so timing does not reveal it. */
let dummyHash: string | undefined;

export function hashPassword(plain: string, cost: number): Promise<string> {
  return bcrypt.hash(plain, cost);
}

/** Compares a password with a stored hash; with no hash it still spends the same time and says no. */
export async function checkPassword(plain: string, hash: string | null | undefined, cost: number): Promise<boolean> {
  if (!hash) {
    dummyHash ??= await bcrypt.hash('not-a-real-password', cost);
    await bcrypt.compare(plain, dummyHash);
    return false;
  }
  return bcrypt.compare(plain, hash);
}

/**
 * Checks the current password before a signed-in person changes it; `limit` caps wrong guesses per
 * account, so a stolen token cannot guess its way to the account. Wrong: 400 with a field error.
 */
export async function checkCurrentPassword(limit: Counter, plain: string, hash: string | null | undefined, cost: number, now: Date): Promise<void> {
  const attempt = await takePasswordAttempt([limit], now);
  if (!(await checkPassword(plain, hash, cost))) throw badRequest(API_MSG.currentPasswordWrong, { errors: { currentPassword: API_MSG.currentPasswordWrong } });
  await attempt.succeeded();
}
