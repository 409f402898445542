// Every text of a cleaner's pay: the Earnings screen, the office's pay page, the refusals and the export.
import { WAGE_BAND_LABELS, type WageBand } from './minimum-wage';

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

export const PAY_MSG = {
  pounds,
  periodInvalid: 'period must be a date in the pay period (YYYY-MM-DD) or a month (YYYY-MM)',
  periodTooEarly: 'There is no pay before 2000',
  amountInvalid: 'Enter the top-up in pence, a whole number from 1 to 1000000 (£10,000)',
  hoursInvalid: 'Enter the holiday hours, from 0.25 to 100 in quarter hours',
  dateInvalid: 'Enter the date as YYYY-MM-DD',
  dateOfBirthInvalid: 'Enter the date of birth as YYYY-MM-DD, a date between 1900 and today',
  wageBandInvalid: `Wage band must be one of: 21_and_over, 18_to_20, under_18, apprentice`,
  travelInvalid: 'Travel time is whole minutes from 0 to 240',
  travelRateInvalid: 'Enter the travel rate in pence an hour (0–20000), or leave it empty for each cleaner’s own rate',
  firstDayInvalid: 'Enter the first day of a pay period as YYYY-MM-DD',
  cleanerNotFound: 'Cleaner not found',
  noRate: (name: string) => `${name} has no pay rate yet: set one on the Team page before paying them.`,
  exportRefused: (names: string[]) =>
    `The payroll export is refused: ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} paid below the minimum wage in this period. Add a top-up or correct the hours first.`,
  topUpSaved: (name: string, pence: number) => `Top-up of ${pounds(pence)} added for ${name}.`,
  holidaySaved: (name: string, hours: number) => `${hours} hours of paid holiday recorded for ${name}.`,
  settingsSaved: 'Pay settings saved.',
  noAverageYet: 'This cleaner has no paid weeks yet: holiday pay cannot be averaged.',
  band: (b: WageBand) => WAGE_BAND_LABELS[b],
  // --- screens ---
  earningsTitle: 'Earnings',
  thisPeriod: 'This period so far',
  lastPeriods: 'Earlier periods',
  paid: 'Paid',
  toBePaid: 'To be paid',
  inProgress: 'In progress',
  holidayAccrued: 'Holiday accrued',
  holidayTaken: 'Holiday taken',
  asOf: (when: string) => `Offline: figures as of ${when}`,
  figuresAt: (when: string) => `Figures as of ${when}`,
  noEarlierPeriods: 'No earlier periods yet.',
  noLines: 'No approved work in this period yet.',
  awaiting: (hours: number) => `${hours} h awaiting the office’s approval`,
  belowMinimum: (pence: number) => `Below the minimum wage by ${pounds(pence)}`,
  atOrAboveMinimum: 'At or above the minimum wage',
  officeTitle: 'Pay',
  topUp: 'Top up',
  topUpTo: (pence: number) => `Top up ${pounds(pence)}`,
  exportSummary: 'Payroll export (summary CSV)',
  exportDetail: 'Detail CSV',
  settingsTitle: 'Pay periods and holiday pay',
  holidayExplained:
    'Holiday paid when taken: irregular-hours cleaners accrue 12.07% of the hours they work; holiday you record is paid at their average hourly pay over their last 52 weeks with pay. Rolled-up: each period carries a 12.07% holiday pay line instead, and holiday taken is unpaid.',
  lineKinds: { visit: 'Visit', travel: 'Travel', charge_share: 'Late change or lockout', holiday: 'Holiday taken', holiday_rolled_up: 'Holiday pay (rolled up)', top_up: 'Top-up to the minimum wage' },
} as const;
