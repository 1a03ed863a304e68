import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';

/** Without SMTP_URL the server writes each mail to DATA_DIR/outbox/*.eml (README). */
const OUTBOX = path.join(E2E_DATA_DIR, 'outbox');

type Mail = { file: string; raw: string };

function mailsTo(email: string): Mail[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => ({ file, raw: fs.readFileSync(path.join(OUTBOX, file), 'utf8') }))
    .filter((mail) => new RegExp(`^To: .*${escape(email)}`, 'mi').test(mail.raw));
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The 6-digit code of the newest mail to `email` whose subject matches, waiting for it to be
 * written (polling the folder, no fixed sleeps). `after` skips mails already seen.
 */
export async function readCode(email: string, subject: RegExp, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mails = mailsTo(email).filter((mail) => subject.test(mail.raw));
        if (mails.length <= after) return undefined;
        code = /code is: (\d{6})/.exec(mails[mails.length - 1]!.raw)?.[1];
        return code;
      },
      { message: `a mail to ${email} matching ${subject}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

export function countMails(email: string, subject: RegExp): number {
  return mailsTo(email).filter((mail) => subject.test(mail.raw)).length;
}

export const VERIFICATION_SUBJECT = /^Subject: .*verification/im;
export const RESET_SUBJECT = /^Subject: .*(reset|password)/im;
