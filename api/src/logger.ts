import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({ level, redact: ['req.headers.authorization', 'password', 'newPassword', 'otp', 'date_of_birth', '*.date_of_birth'] });
}
