// Texts of the payroll CSV's pay rates (issue 25 item 10): the office's team page and its refusals.

export const PAYROLL_MSG = {
  payRateInvalid: 'Enter the pay rate in pounds per hour, e.g. 12.50 (at most £200)',
  payRateLabel: 'Pay per hour (£)',
  payRateNotSet: 'Not set',
  payRateSave: 'Save',
  payRateSaved: (name: string) => `Pay rate of ${name} saved.`,
  exportTotals: 'Export totals (CSV)',
} as const;
