// npm run bank-holidays -- FILE [OUT]
// Refreshes shared/bank-holidays.json from a file downloaded from https://www.gov.uk/bank-holidays.json
// (the servers have no internet: download it elsewhere, then run this). The file is checked for GOV.UK's
// shape first; each region's events are sorted by date and written back in the same format.
// Exit codes: 0 written, 1 usage or a file that is not GOV.UK's list.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BANK_HOLIDAY_REGIONS, bankHolidayFileProblem, type BankHolidayFile } from '@shared/bank-holidays';

const DEFAULT_OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/bank-holidays.json');
const USAGE =
  "Usage: npm run bank-holidays -- FILE [OUT]\n\nFILE: GOV.UK's bank-holidays.json, downloaded. OUT: where to write (default shared/bank-holidays.json).";

export function refreshBankHolidays(file: string, out = DEFAULT_OUT): string {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw Object.assign(new Error(`Could not read ${file} as JSON: ${(err as Error).message}`), { code: 1 });
  }
  const problem = bankHolidayFileProblem(data);
  if (problem) throw Object.assign(new Error(`${file} is not GOV.UK's bank holiday list: ${problem}`), { code: 1 });
  const src = data as BankHolidayFile;
  const clean = Object.fromEntries(
    BANK_HOLIDAY_REGIONS.map((
      r,
    ) => [r, {
      division: r,
      events: [...src[r].events].sort((a, b) => a.date.localeCompare(b.date)).map((e) => ({
        title: e.title,
        date: e.date,
        notes: e.notes ?? '',
        bunting: Boolean(e.bunting),
      })),
    }]),
  );
  writeFileSync(out, `${JSON.stringify(clean, null, 1)}\n`);
  const counts = BANK_HOLIDAY_REGIONS.map((r) => `${r} ${clean[r].events.length}`).join(', ');
  const years = BANK_HOLIDAY_REGIONS.flatMap((r) => clean[r].events.map((e) => e.date.slice(0, 4)));
  return `Wrote ${out}: ${counts} events, ${years.sort()[0]}–${years.sort().at(-1)}.`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, out] = process.argv.slice(2);
  try {
    if (!file) throw Object.assign(new Error(USAGE), { code: 1 });
    console.log(refreshBankHolidays(file, out));
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = (err as { code?: number; }).code ?? 1;
  }
}
