// Each cleaner's hourly rate by date: the office's changes are kept with the London date they apply
// from, so a visit is paid at its day's rate. Before the first recorded change: the rate it replaced;
// with no change recorded: the rate on the staff record.
import mongoose from 'mongoose';
import { Employee } from '../../models/Employee';
import { PayRateChange } from '../../models/PayRateChange';

/** Called by the staff record's change: keeps the old rate (once) and the new one from `today`. */
export async function recordRateChange(employeeId: string, before: number | null, after: number | null, today: string): Promise<void> {
  if (before === after) return;
  const employee = new mongoose.Types.ObjectId(employeeId);
  if (before != null && !(await PayRateChange.exists({ employee }))) await PayRateChange.create({ employee, from: '0000-01-01', pence: before });
  await PayRateChange.create({ employee, from: today, pence: after });
}

export type RateOn = (employeeId: string, date: string) => number | null;

/** The rates of some cleaners, read once: (id, London date) → pence an hour, or null (not set). */
export async function ratesOf(employeeIds: string[]): Promise<RateOn> {
  const ids = [...new Set(employeeIds)].map((id) => new mongoose.Types.ObjectId(id));
  const [people, changes] = await Promise.all([
    Employee.find({ _id: { $in: ids } }, { pay_rate_pence: 1 }).lean(),
    PayRateChange.find({ employee: { $in: ids } }).sort({ from: 1, created_at: 1 }).lean(),
  ]);
  const current = new Map(people.map((e) => [String(e._id), e.pay_rate_pence ?? null]));
  const history = new Map<string, Array<{ from: string; pence: number | null; }>>();
  for (const c of changes) {
    const list = history.get(String(c.employee)) ?? [];
    list.push({ from: c.from, pence: c.pence ?? null });
    history.set(String(c.employee), list);
  }
  return (id, date) => {
    const list = history.get(id);
    if (!list?.length) return current.get(id) ?? null;
    let rate = list[0].pence;
    for (const c of list) if (c.from <= date) rate = c.pence;
    return rate;
  };
}
