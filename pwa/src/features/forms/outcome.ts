// What a public form's submission comes back as: the server's answer, or what went wrong. The page
// (api.ts) and the sending code it loads later (sending.ts) both name them.
import type { SubmitOutcome } from '@/lib/outbox/submit';

export interface FormAnswer {
  success?: boolean;
  message?: string;
}
export type FormOutcome = SubmitOutcome<FormAnswer>;

/** What went wrong with a submission, as the form shows it. */
export interface FormFailure {
  /** The server refused it (an answer with an error status). */
  refused: boolean;
  /** The server's message per field, if it gave any. */
  fieldErrors: Record<string, string>;
  /** The server's own words, the connection's, or `fallback`. */
  message: (fallback: string) => string;
}
