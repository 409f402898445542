// Texts of cleaners' pay: the payroll CSV's pay rates (the office's team page and its refusals), and
// what an available job pays its reader.
import { formatPence } from './pricing';

export const PAYROLL_MSG = {
  payRateInvalid: 'Enter the pay rate in pounds per hour, e.g. 12.50 (at most £200)',
  payRateLabel: 'Pay per hour (£)',
  payRateNotSet: 'Not set',
  payRateSave: 'Save',
  payRateSaved: (name: string) => `Pay rate of ${name} saved.`,
  exportTotals: 'Export totals (CSV)',
  // An available job: what the reader is paid for it (expected hours × their rate).
  payForJob: (pence: number) => `Pay ${formatPence(pence)}`,
} as const;
