// Texts of the cover notices: a cleaner deactivated by the office leaves visits without a cleaner; their
// customers are told once, and the other cleaners offered the cover jobs once. shared/README.md, Texts.

export const COVER_MSG = {
  // The customer: their cleaner left, their visits wait for another one (told once, all visits in one notice).
  coverCustomerSubject: (count: number) => `We are finding a new cleaner for your ${count === 1 ? 'visit' : 'visits'}`,
  coverCustomerText: (name: string, whens: readonly string[]) =>
    `Hello ${name},\n\nYour cleaner can no longer come to ${whens.length === 1 ? 'this visit' : 'these visits'}:\n${
      whens.map((w) => `- ${w}`).join('\n')
    }\n\nThe visits stay booked: we are finding another cleaner and will tell you who comes. Nothing for you to do.`,
  // The other cleaners: one notice with every cover job the deactivation made.
  coverCleanersSubject: (count: number) => (count === 1 ? 'A cover job is available' : `${count} cover jobs are available`),
  coverCleanersText: (name: string, jobs: readonly string[]) =>
    `Hello ${name},\n\n${jobs.length === 1 ? 'A visit needs' : 'These visits need'} a cleaner:\n${
      jobs.map((j) => `- ${j}`).join('\n')
    }\n\nThe first to accept one in the portal gets it.`,
} as const;
