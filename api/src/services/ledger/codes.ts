// A customer's payment code (shared/payment-reference.ts), given on first need and never changed: the
// statements and the books both quote it.
import mongoose from 'mongoose';
import { customerReference, newPaymentCode, statementReference } from '@shared/payment-reference';
import { isDuplicateKey } from '../../models/duplicate-key';
import { PaymentCode, type PaymentCodeDoc } from '../../models/PaymentCode';

type Id = mongoose.Types.ObjectId;
const oid = (id: string | Id): Id => (typeof id === 'string' ? new mongoose.Types.ObjectId(id) : id);
/** Tries at a fresh code when a random one is taken (1 in 33 million each). */
const CODE_TRIES = 8;

/** The customer's payment code, given on first need. */
export async function paymentCodeOf(userId: string | Id): Promise<string> {
  const user = oid(userId);
  const have = await PaymentCode.findOne({ user }).lean<PaymentCodeDoc>();
  if (have) return have.code;
  for (let i = 0; i < CODE_TRIES; i++) {
    try {
      return (await PaymentCode.create({ user, code: newPaymentCode() })).code;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // Another request gave this customer their code first, or the code is someone else's: look again.
      const mine = await PaymentCode.findOne({ user }).lean<PaymentCodeDoc>();
      if (mine) return mine.code;
    }
  }
  throw new Error('no free payment code');
}

export const customerReferenceOf = async (userId: string | Id) => customerReference(await paymentCodeOf(userId));
export const statementReferenceOf = async (userId: string | Id, month: string) => statementReference(await paymentCodeOf(userId), month);
