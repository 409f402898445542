// Texts of the loose ends of issues 25, 27, 28 and 30 (statements in the data copy, the deactivation's
// cover notices, the cleaner's pay on an available job). shared/README.md, Texts.
import { formatPence } from './pricing';

/** README.txt lines of the files added to a copy of one's data after issue 30. */
export const EXPORT_README_MORE: Record<string, string> = {
  'statements.json':
    'Your monthly statements: per month, each visit done, skipped or cancelled and each late-change charge, with amounts, the totals, and whether we marked the month paid (and the reference).',
};

export const LOOSE_MSG = {
  // The customer: their cleaner left, their visits wait for another one (told once, all visits in one notice).
  coverCustomerSubject: (count: number) => `We are finding a new cleaner for your ${count === 1 ? 'visit' : 'visits'}`,
  coverCustomerText: (name: string, whens: readonly string[]) =>
    `Hello ${name},\n\nYour cleaner can no longer come to ${whens.length === 1 ? 'this visit' : 'these visits'}:\n${whens.map((w) => `- ${w}`).join('\n')}\n\nThe visits stay booked: we are finding another cleaner and will tell you who comes. Nothing for you to do.`,
  // The other cleaners: one notice with every cover job the deactivation made.
  coverCleanersSubject: (count: number) => (count === 1 ? 'A cover job is available' : `${count} cover jobs are available`),
  coverCleanersText: (name: string, jobs: readonly string[]) =>
    `Hello ${name},\n\n${jobs.length === 1 ? 'A visit needs' : 'These visits need'} a cleaner:\n${jobs.map((j) => `- ${j}`).join('\n')}\n\nThe first to accept one in the portal gets it.`,
  // An available job: what the reader is paid for it (expected hours × their rate).
  payForJob: (pence: number) => `Pay ${formatPence(pence)}`,
} as const;
