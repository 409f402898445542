// A real SMTP server on loopback (smtp-server) that keeps every message, so tests read OTP mails as a user would.
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string;
  attachments: Array<{ filename: string; contentType: string; content: Buffer; }>;
  /** Every header as sent, by lower-case name (List-Unsubscribe…), unfolded. */
  headers: Record<string, string>;
}

export interface MailCatcher {
  url: string;
  mails: CaughtMail[];
  /** Resolves with the newest mail to `to` (optionally matching `subject`) that arrives after `since` mails were seen. */
  waitFor(to: string, opts?: { subject?: RegExp; timeoutMs?: number; after?: number; }): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m: ParsedMail) => {
          const toField = Array.isArray(m.to) ? m.to[0] : m.to;
          mails.push({
            to: toField?.value[0]?.address?.toLowerCase() ?? '',
            subject: m.subject ?? '',
            text: m.text ?? '',
            html: typeof m.html === 'string' ? m.html : '',
            replyTo: m.replyTo?.value[0]?.address?.toLowerCase() ?? '',
            attachments: m.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
            headers: Object.fromEntries(m.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).replace(/\r?\n(?=[ \t])/g, '').trim()])),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, { subject, timeoutMs = 10_000, after = 0 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.slice(after).reverse().find((m) => m.to === to.toLowerCase() && (!subject || subject.test(m.subject)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first 6-digit code in a mail's text. */
export function otpFrom(mail: CaughtMail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return m[1];
}
