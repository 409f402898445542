// Mail through nodemailer: real SMTP when SMTP_URL is set, otherwise .eml files under DATA_DIR/outbox.
import nodemailer from 'nodemailer';
import type { Readable } from 'node:stream';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { privateDir, writePrivateFile } from '../data-dir';
import type { Logger } from '../logger';
import { serverClock } from '../clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes (e.g. the person who filled in a form), when not the sender. */
  replyTo?: string;
  /** Files to attach; a stream is read as the message is sent, never held whole. */
  attachments?: MailAttachment[];
  /** Extra headers (List-Unsubscribe for notices, notify/notify.ts). */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  content: Readable | Buffer;
  contentType: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  close(): void;
}

/** `counted`: told of each mail's result, sent or failed (the metrics' mails_total). */
export function createMailer(config: Config, log: Logger, counted: (result: 'sent' | 'failed') => void = () => undefined): Mailer {
  const transport = transportFor(config, log);
  return {
    async send(msg) {
      try {
        await transport.send(msg);
        counted('sent');
      } catch (e) {
        counted('failed');
        throw e;
      }
    },
    close: () => transport.close(),
  };
}

function transportFor(config: Config, log: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(msg) {
        await transport.sendMail({ from: config.mailFrom, ...msg });
        log.info({ to: msg.to, subject: msg.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  // No SMTP configured: build the full message and keep it as a file a developer can open.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(config.dataDir, 'outbox');
  // Owner-only (0700 / 0600): these files hold one-time codes, invitation links and CVs. The folder is
  // made (or its mode mended) once, and again only when it has gone.
  let outboxMade: Promise<void> | undefined;
  const fileAway = async (name: string, data: Buffer) => {
    await (outboxMade ??= privateDir(outbox).catch((err: unknown) => {
      outboxMade = undefined;
      throw err;
    }));
    await writePrivateFile(name, data).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      await privateDir(outbox);
      await writePrivateFile(name, data);
    });
  };
  return {
    async send(msg) {
      const info = await transport.sendMail({ from: config.mailFrom, ...msg });
      // Named and dated by the server's clock: the retention job removes outbox copies by it.
      const at = serverClock.now();
      const file = path.join(outbox, `${at.getTime()}-${msg.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`);
      await fileAway(file, info.message as Buffer);
      await utimes(file, at, at);
      log.info({ to: msg.to, subject: msg.subject, file }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
