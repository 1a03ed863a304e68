import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer, MailError } from '../../lib/mail';
import { setupTestApp } from '../../../test/helper';
import { freshEmail, STRONG_PASSWORD } from './auth.test-support';

/** A logger whose lines we can read. */
function capturingLogger() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { log: log as unknown as FastifyBaseLogger, lines };
}

const outboxFiles = (dataDir: string) => {
  const dir = path.join(dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : [];
};

const { app, dataDir } = await setupTestApp();
// Port 9 (discard) on loopback: nothing listens there.
const { app: noMail } = await setupTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });

describe('without SMTP_URL: the outbox', () => {
  it('writes each mail as an RFC 822 .eml file, and the code in it works', async () => {
    const email = freshEmail('outbox');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/registration/',
      payload: { email, password1: STRONG_PASSWORD, password2: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const files = outboxFiles(dataDir);
    expect(files).toHaveLength(1);
    expect(path.basename(files[0]!)).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
    const raw = fs.readFileSync(files[0]!, 'utf8');
    expect(raw).toMatch(/^From: QBank <no-reply@qbank\.local>$/m);
    expect(raw).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}$`, 'm'));
    expect(raw).toMatch(/^Subject: Your QBank verification code$/m);
    expect(raw).toMatch(/^Message-ID: <.+>$/m);
    expect(raw).toMatch(/^Date: .+$/m);
    const code = /code is: (\d{6})/.exec(raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/verify_email/',
      headers: { authorization: `Token ${res.json().key}` },
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);
  });
});

describe('createMailer logging', () => {
  it('logs recipient and subject of an outbox mail, never its body', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qbank-mail-'));
    const { log, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: 'QBank <a@b.c>', dataDir, log });
    await mailer.send({
      to: 'someone@example.com',
      subject: 'Your code',
      text: 'Your code is: 493817',
    });
    mailer.close();
    const output = lines.join('');
    expect(output).toContain('someone@example.com');
    expect(output).toContain('Your code');
    expect(output).not.toContain('493817');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('rejects with MailError and logs no body when the SMTP server cannot be reached', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'QBank <a@b.c>',
      dataDir: os.tmpdir(),
      log,
    });
    await expect(
      mailer.send({ to: 'x@example.com', subject: 'S', text: 'code is: 271828' }),
    ).rejects.toBeInstanceOf(MailError);
    mailer.close();
    expect(lines.join('')).toContain('mail not sent');
    expect(lines.join('')).not.toContain('271828');
  });
});

describe('when mail cannot be sent', () => {
  it('registration still creates the account (201); resend and reset answer 503', async () => {
    const email = freshEmail('nomail');
    const res = await noMail.inject({
      method: 'POST',
      url: '/api/auth/registration/',
      payload: { email, password1: STRONG_PASSWORD, password2: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const me = await noMail.inject({
      method: 'GET',
      url: '/api/auth/user/',
      headers: { authorization: `Token ${res.json().key}` },
    });
    expect(me.json()).toMatchObject({ email, is_confirmed: false });
    const expected = { detail: 'The e-mail could not be sent. Try again later.' };
    const resend = await noMail.inject({
      method: 'POST',
      url: '/api/auth/resend_email_verification_code/',
      payload: { email },
    });
    expect(resend.statusCode).toBe(503);
    expect(resend.json()).toEqual(expected);
    const reset = await noMail.inject({
      method: 'POST',
      url: '/api/password-reset/request/',
      payload: { email },
    });
    expect(reset.statusCode).toBe(503);
    expect(reset.json()).toEqual(expected);
  });
});
