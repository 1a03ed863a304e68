import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends one message; rejects with MailError when it could not be handed over. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

export class MailError extends Error {}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where messages go without SMTP: `<dataDir>/outbox/<timestamp>-<id>.eml`. */
  dataDir: string;
  log: FastifyBaseLogger;
}

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as a real RFC 822 file to the
 * outbox and only its recipient and subject are logged (the body holds codes: never logged).
 */
export function createMailer({ smtpUrl, from, dataDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    const transport: Transporter = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      ...TIMEOUTS,
    });
    return {
      async send(mail) {
        try {
          await transport.sendMail({ from, ...mail });
        } catch (err) {
          // The error names the server only; the message body is not part of it.
          log.warn(
            { to: mail.to, subject: mail.subject, err: (err as Error).message },
            'mail not sent',
          );
          throw new MailError('The e-mail could not be sent.');
        }
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({ from, ...mail });
        const file = path.join(
          outbox,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
        );
        await fs.mkdir(outbox, { recursive: true });
        await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
        log.info(
          { to: mail.to, subject: mail.subject, file },
          'mail written to the outbox (no SMTP_URL)',
        );
      } catch (err) {
        log.warn(
          { to: mail.to, subject: mail.subject, err: (err as Error).message },
          'mail not written',
        );
        throw new MailError('The e-mail could not be sent.');
      }
    },
    close: () => transport.close(),
  };
}
