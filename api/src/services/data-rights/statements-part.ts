// The customer's statements in their copy: every month they
// have visits in, with the same lines and totals as the statement page (shared statementOf) and the
// office's paid mark. Read from the visits the copy already holds, plus one query of the marks.
import type mongoose from 'mongoose';
import { formatMonth, statementOf } from '@shared/statements';
import { Statement, type StatementDoc } from '../../models/Statement';
import type { VisitDoc } from '../../models/Visit';
import { paymentOf, statementSums, visitsByMonth } from '../statements/statements';

/** One month per entry, oldest first: lines, counts, totals, payment and what is still owed. */
export async function statementsOf(userId: mongoose.Types.ObjectId, visits: readonly VisitDoc[], vatPercent: number) {
  const byMonth = visitsByMonth(visits);
  const marks = new Map((await Statement.find({ user: userId }).lean<StatementDoc[]>()).map((d) => [d.month, paymentOf(d)]));
  return [...byMonth.keys()].sort().map((month) => {
    const s = statementOf(byMonth.get(month)!, vatPercent);
    const payment = marks.get(month) ?? { paid: false };
    return {
      month,
      title: formatMonth(month),
      vat_percent: vatPercent,
      lines: s.lines.map(({ visit: _id, ...line }) => line),
      ...statementSums(s, payment),
    };
  });
}
