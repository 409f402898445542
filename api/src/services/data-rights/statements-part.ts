// The customer's statements in their copy: every month they
// have visits in, with the same lines and totals as the statement page (shared statementOf) and the
// payments the books settled of each month. Read from the visits the copy already holds, plus one query of the payment lines.
import type mongoose from 'mongoose';
import { formatMonth, statementOf } from '@shared/statements';
import type { VisitDoc } from '../../models/Visit';
import { paymentOf, settlementsOf, statementSums, visitsByMonth } from '../statements/statements';

/** One month per entry, oldest first: lines, counts, totals, payment and what is still owed. */
export async function statementsOf(userId: mongoose.Types.ObjectId, visits: readonly VisitDoc[], vatPercent: number) {
  const byMonth = visitsByMonth(visits);
  const settled = await settlementsOf(String(userId));
  return [...byMonth.keys()].sort().map((month) => {
    const s = statementOf(byMonth.get(month)!, vatPercent);
    const payment = paymentOf(settled.get(month), s.total_pence);
    return {
      month,
      title: formatMonth(month),
      vat_percent: vatPercent,
      lines: s.lines.map(({ visit: _id, ...line }) => line),
      ...statementSums(s, payment),
    };
  });
}
