// Password hashing with bcryptjs; the cost comes from config (10 in production).
import bcrypt from 'bcryptjs';

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
