import pino from 'pino';

export type Logger = pino.Logger;

/** How to get into a customer's home never reaches a log line, at the top level or one object down. */
const HOME_SECRETS = ['access_notes', 'keys', 'alarm_code'].flatMap((f) => [f, `*.${f}`]);

/** The server's logger (to stdout, or to `destination`: tests read what would be written). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, redact: ['req.headers.authorization', 'password', 'newPassword', 'otp', 'date_of_birth', '*.date_of_birth', ...HOME_SECRETS] };
  return destination ? pino(options, destination) : pino(options);
}
