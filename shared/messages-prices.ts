// Every text about prices, the customer's agreement and the 14-day right to cancel: the wizard's
// estimate and agreement, the office's price list, the API's answers and mails.
import { formatPence } from './pricing';

/** "Weekly" → "weekly", "One-time clean" → "one-off". */
const often = (frequency: string) => (frequency === 'One-time clean' ? 'one-off' : frequency.toLowerCase());

export const PRICE_MSG = {
  // The wizard's estimate line.
  estimate: (hours: number, pence: number, frequency: string) => `About ${hours} hours · ${formatPence(pence)} per visit · ${often(frequency)}`,
  estimateOffline: 'Estimated offline from the last prices we saw.',
  weConfirm: 'We’ll confirm your price',
  weConfirmWhy: 'One of your answers needs a look from our office: we’ll confirm the price before anything is charged.',
  perVisit: (pence: number) => `${formatPence(pence)} per visit`,
  per4Weeks: (pence: number) => `${formatPence(pence)} per 4 weeks`,
  estimateTitle: 'Your estimate',
  estimateNote: 'An estimate from our price list: the office confirms the price when it assigns your cleaner.',
  // The agreement on the last step, the confirmation mail and the booking's detail.
  agreementTitle: 'Before you book',
  priceLine: (perVisit: number, per4: number | null) =>
    `Price: ${formatPence(perVisit)} per visit${per4 !== null ? ` (${formatPence(per4)} per 4 weeks)` : ''}.`,
  priceToConfirm: 'Price: we’ll confirm it before your first visit.',
  cancellationRule: (cutoff: string, percent: number) =>
    `Changing or cancelling a visit is free until ${cutoff} the day before it. After that we charge ${percent}% of that visit’s price.`,
  rightToCancel:
    'You have the right to cancel this contract within 14 days without giving any reason. The 14 days run from the day you book. To cancel, tell us clearly (by e-mail, or with the button in My Bookings); you may use the model cancellation form, but you do not have to.',
  startEarly: 'Please start within the 14-day cancellation period',
  startEarlyWhy: 'Your first visit is within 14 days of booking. If you then cancel within the 14 days, you pay for the visits already done, nothing else.',
  startEarlyRequired: 'Your first visit is within 14 days: tick “Please start within the 14-day cancellation period”, or choose a date from the 15th day.',
  modelFormLink: 'Model cancellation form',
  trader: (name: string, address: string, email: string, number: string) =>
    `${name}, ${address}. E-mail ${email}.${number ? ` Company number ${number}.` : ''}`,
  traderTitle: 'Who you are booking with',
  // The agreed price on a booking (My Bookings) and the office's change.
  agreedPrice: (pence: number) => `Agreed price: ${formatPence(pence)} per visit`,
  estimatedPrice: (pence: number) => `Estimated price: ${formatPence(pence)} per visit`,
  priceChanged: (ref: string, before: number | null, after: number) =>
    before === null
      ? `Your price for booking ${ref} is ${formatPence(after)} per visit.`
      : `The price of booking ${ref} changed from ${formatPence(before)} to ${formatPence(after)} per visit.`,
  priceChangedSubject: (ref: string) => `Your price for booking ${ref}`,
  // The confirmation mail's agreement block and the office's price mail.
  agreementMail: (lines: { price: string; rule: string; trader: string; periodEnds: string; startEarly: boolean; formUrl: string; }) =>
    [
      'Your agreement with us',
      lines.price,
      lines.rule,
      `Who you are booking with: ${lines.trader}`,
      `Your right to cancel: you may cancel this contract within 14 days without giving any reason, until ${lines.periodEnds}. Tell us by e-mail or use "Cancel within 14 days" in My Bookings. Model cancellation form: ${lines.formUrl}`,
      lines.startEarly
        ? 'You asked us to start within the 14-day cancellation period: if you cancel within it, you pay for the visits already done, nothing else.'
        : 'Your first visit is after the 14-day cancellation period.',
    ].join('\n'),
  priceChangedMail: (name: string, text: string, signature: string) => `Hello ${name},\n\n${text} You can see it in My Bookings.\n\n${signature}`,
  // A late change (after the cut-off): charged, and only once the customer accepts the charge.
  lateChargeAsk: (charge: number, cutoff: string) =>
    `This visit’s free change time ended ${cutoff}. Changing it now costs ${formatPence(charge)}: confirm to accept the charge.`,
  lateCharged: (charge: number) => `Done. A late-change charge of ${formatPence(charge)} is added for this visit.`,
  firstVisitFrom: (date: string) => `The customer did not ask to start within the 14-day cancellation period: choose a first visit on or after ${date}.`,
  // Cancelling within 14 days.
  cancel14Button: 'Cancel within 14 days',
  cancel14Confirm: (charge: number) =>
    charge > 0
      ? `Cancel this booking? The visits already done cost ${formatPence(charge)}; nothing else is charged.`
      : 'Cancel this booking? Nothing is charged.',
  cancel14Done: (
    charge: number,
  ) => (charge > 0 ? `Booking cancelled. You pay ${formatPence(charge)} for the visits already done.` : 'Booking cancelled. Nothing is charged.'),
  cancel14Ask: 'Cancel this booking within the 14-day cancellation period? You pay for the visits already done, nothing else.',
  cancel14Until: (day: string) => `You may cancel within 14 days, until ${day}, without giving a reason.`,
  cancel14Title: 'Cancel within 14 days',
  cancel14Over: 'The 14-day cancellation period for this booking is over: you can still end your plan from My Bookings.',
  cancel14Already: 'This booking is already cancelled.',
  cancel14Reason: 'Cancelled by the customer within the 14-day cancellation period.',
  cancel14Failed: 'Could not cancel the booking. Please try again.',
  // The office's price list.
  listTitle: 'Prices',
  listSaved: (v: number) => `Price list saved as version ${v}. New quotes use it; existing bookings keep theirs.`,
  listSaveFailed: 'Could not save the price list.',
  listLoadFailed: 'Could not load the price list.',
  listReadOnly: 'Only a super-admin can change the price list.',
  superAdminOnly: 'Only a super-admin can change the price list.',
  versionConflict: 'Someone saved the price list meanwhile: reload to see their version, then make your change again.',
  hourlyInvalid: 'Enter an hourly rate between £1 and £1,000.',
  hoursInvalid: 'Hours are 0 to 24, in quarter hours.',
  factorInvalid: 'A factor is between 0.5 and 5.',
  percentInvalid: 'A percentage is a whole number from −50 to 50.',
  penceInvalid: 'Enter an amount from £0 to £100.',
  tableShape: 'The hours table has one row per bedrooms answer and one column per bathrooms answer.',
  priceInvalid: 'Enter a price per visit from £1 to £10,000.',
  assignPrice: 'Price per visit (£)',
  assignPriceHint: (
    pence: number | null,
  ) => (pence === null ? 'No estimate: enter the price you agreed.' : `Estimate: ${formatPence(pence)}. Change it if you agreed another.`),
} as const;
