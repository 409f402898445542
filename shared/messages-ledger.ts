// Every text of the books: payments recorded by the office, bank statement imports, balances, overdue
// reminders and the accountant's exports. Money is formatted by the caller (formatPence).
export const LEDGER_MSG = {
  // Recording a payment.
  methodInvalid: 'Choose how it was paid: bank transfer, cash or cheque.',
  amountInvalid: 'Enter the amount in pence, a whole number above 0.',
  dateInvalid: 'Enter the date it was paid as YYYY-MM-DD.',
  dateInFuture: 'A payment cannot be dated in the future.',
  referenceTooLong: (max: number) => `The reference can be at most ${max} characters.`,
  noteTooLong: (max: number) => `The note can be at most ${max} characters.`,
  customerNotFound: 'No such customer.',
  recorded: (name: string) => `Payment recorded for ${name}.`,
  // Bank imports.
  fileRequired: 'Choose the CSV file your bank exported.',
  fileTooLarge: (mb: number) => `The file is larger than ${mb} MB. Export a shorter period.`,
  csvEmpty: 'The file is empty.',
  csvNoHeader: 'No header row with a Date column was found in the first 10 lines. Export the statement as CSV from your bank.',
  csvNoAmount: 'The header has no Amount column, nor Paid in / Paid out (Money in / Money out, Credit / Debit) columns.',
  csvUnreadable: (line: number) => `Line ${line} is not valid CSV (an unclosed quote?). Nothing was imported.`,
  csvBadCell: (line: number, column: string, value: string, what: string) =>
    `Line ${line}, column "${column}": "${value.slice(0, 40)}" is not ${what}. Nothing was imported.`,
  csvTooManyCredits: (max: number) => `The file holds more than ${max} credits. Export a shorter period.`,
  importNotFound: 'No such import.',
  lineNotFound: 'No such line in this import.',
  lineDone: 'This line has already been matched or dismissed.',
  imported: (lines: number, matched: number) => `${lines} ${lines === 1 ? 'credit' : 'credits'} read, ${matched} matched.`,
  // The customer's balance and payments.
  owed: 'Owed',
  inCredit: 'In credit',
  settled: 'Nothing owed',
  payByTransfer: 'Pay by bank transfer',
  yourReference: 'Your payment reference',
  copy: 'Copy',
  copied: 'Copied',
  // Descriptions of ledger lines.
  lineVisit: (ref: string) => `Clean ${ref}`,
  lineCharge: (ref: string) => `Late change charge ${ref}`,
  linePayment: (method: string) => `Payment (${method})`,
  methods: { card: 'card', bank_transfer: 'bank transfer', cash: 'cash', cheque: 'cheque' } as Record<string, string>,
  // Overdue.
  overdueSubject: (month: string) => `Your ${month} statement is overdue`,
  overdueBody: (month: string, amount: string, reference: string, bank: string) =>
    `Your statement for ${month} (${amount}) was due and is still unpaid.\n\nPlease pay by bank transfer quoting the reference ${reference}.\n${bank}\n\nIf you have paid in the last few days, thank you: please ignore this message.`,
  // Exports.
  exportMonthRequired: 'Choose a month (YYYY-MM).',
  exportFormatInvalid: 'format must be xero or quickbooks.',
  exportPartInvalid: 'part must be sales or payments.',
  // Bank details.
  sortCodeInvalid: 'A sort code is 6 digits (12-34-56).',
  accountNumberInvalid: 'An account number is 8 digits.',
  accountNameTooLong: 'The account name can be at most 60 characters.',
} as const;
