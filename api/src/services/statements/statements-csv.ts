// A month of statements for the accounts: one CSV row per line that carries money (a done visit's
// price, a late charge), in visit order, with the VAT the setting gives. Rows come from the same
// shared function as the statements, so the file adds up to the office's list. Text cells go through
// the payroll export's neutralise (formula injection); rows are streamed from a database cursor.
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { chargedLines, statementOf } from '@shared/statements';
import { User } from '../../models/User';
import { Visit, type VisitDoc } from '../../models/Visit';
import { neutralise } from '../office/timesheets-csv';
import { monthRange, STATEMENT_FIELDS, statementVisit } from './statements';

export const STATEMENT_CSV_COLUMNS = ['date', 'customer', 'reference', 'visit', 'description', 'net_pence', 'vat_pence'] as const;
const NAMES_BATCH = 1000;

/** The customers' names of a month's visits, read in batches (one query per thousand). */
async function namesOf(month: string): Promise<Map<string, string>> {
  const { start, end } = monthRange(month);
  const ids = await Visit.distinct('user', { start: { $gte: start, $lt: end } });
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += NAMES_BATCH) {
    for (const u of await User.find({ _id: { $in: ids.slice(i, i + NAMES_BATCH) } }, { name: 1 }).lean()) names.set(String(u._id), u.name);
  }
  return names;
}

export async function statementsCsv(month: string, vatPercent: number): Promise<{ stream: Readable; filename: string; }> {
  const names = await namesOf(month);
  const { start, end } = monthRange(month);
  const csv = stringify({ header: true, columns: [...STATEMENT_CSV_COLUMNS], record_delimiter: 'windows', cast: { string: neutralise } });
  const cursor = Visit.find({ start: { $gte: start, $lt: end } }, STATEMENT_FIELDS).sort({ start: 1, _id: 1 }).lean<VisitDoc[]>().cursor({ batchSize: 500 });
  const closed = once(csv, 'close');
  closed.catch(() => undefined);
  (async () => {
    for await (const v of cursor as AsyncIterable<VisitDoc>) {
      for (const l of chargedLines(statementOf([statementVisit(v)], vatPercent))) {
        if (csv.destroyed) throw new Error('export stream closed');
        const row = {
          date: l.date,
          customer: names.get(String(v.user)) ?? '',
          reference: l.reference,
          visit: l.visit,
          description: l.description,
          net_pence: l.net_pence,
          vat_pence: l.vat_pence,
        };
        if (!csv.write(row)) await Promise.race([once(csv, 'drain'), closed]);
      }
    }
    csv.end();
  })().catch((err: Error) => {
    void cursor.close();
    if (!csv.destroyed) csv.destroy(err);
  });
  return { stream: csv, filename: `statements-${month}.csv` };
}
