// The books' arithmetic, pure: a customer's balance is what their statements charged less the sum of
// their payment lines, and a payment settles months oldest first (or the month its reference named
// first). No paid flag is ever stored; every "paid" is one of these sums.

export interface Allocation {
  month: string;
  pence: number;
}

/** What each month still owes: its total less what payments already settled of it (never below 0). */
export function openMonths(totals: ReadonlyMap<string, number>, settled: ReadonlyMap<string, number>): Allocation[] {
  return [...totals]
    .map(([month, total]) => ({ month, pence: Math.max(0, total - (settled.get(month) ?? 0)) }))
    .filter((m) => m.pence > 0)
    .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
}

/**
 * How a payment of `amount` (> 0) settles `open` months: the `first` month (a statement reference) before
 * the rest, then oldest first; what is left over is a credit held on `creditMonth` (this month), so the
 * allocations always add up to the payment.
 */
export function allocatePayment(amount: number, open: readonly Allocation[], creditMonth: string, first?: string | null): Allocation[] {
  const order = first ? [...open.filter((m) => m.month === first), ...open.filter((m) => m.month !== first)] : [...open];
  const out: Allocation[] = [];
  let left = amount;
  for (const m of order) {
    if (left <= 0) break;
    const take = Math.min(left, m.pence);
    out.push({ month: m.month, pence: take });
    left -= take;
  }
  if (left > 0) {
    const credit = out.find((a) => a.month === creditMonth);
    if (credit) credit.pence += left;
    else out.push({ month: creditMonth, pence: left });
  }
  return out;
}

/**
 * How a refund of `amount` (> 0) takes back what payments settled: newest month first (or `first`), as
 * negative allocations, never more than was settled; anything beyond is taken from `creditMonth`.
 */
export function allocateRefund(amount: number, settled: ReadonlyMap<string, number>, creditMonth: string, first?: string | null): Allocation[] {
  const months = [...settled].filter(([, p]) => p > 0).sort((a, b) => (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0));
  const order = first ? [...months.filter(([m]) => m === first), ...months.filter(([m]) => m !== first)] : months;
  const out: Allocation[] = [];
  let left = amount;
  for (const [month, pence] of order) {
    if (left <= 0) break;
    const take = Math.min(left, pence);
    out.push({ month, pence: -take });
    left -= take;
  }
  if (left > 0) out.push({ month: creditMonth, pence: -left });
  return out;
}

/** The sum of every allocation per month. */
export function settledByMonth(payments: readonly { allocations: readonly Allocation[]; }[]): Map<string, number> {
  const by = new Map<string, number>();
  for (const p of payments) for (const a of p.allocations) by.set(a.month, (by.get(a.month) ?? 0) + a.pence);
  return by;
}

/** What the customer owes (negative: in credit): every month's charges less every payment line. */
export const balanceOf = (totals: ReadonlyMap<string, number>, payments: readonly { amount_pence: number; }[]): number =>
  [...totals.values()].reduce((n, t) => n + t, 0) - payments.reduce((n, p) => n + p.amount_pence, 0);
