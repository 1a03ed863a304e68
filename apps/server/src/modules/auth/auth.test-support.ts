import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';
import type { App } from '../../app';

/** Test-only: a real SMTP server on loopback that keeps every message it receives. */
export interface Mailbox {
  url: string;
  messages: { to: string[]; raw: string }[];
  /** The 6-digit code of the latest message to this address. */
  lastCode(to: string): string;
  count(to: string): number;
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: Mailbox['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const to = (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    count: (address) => to(address).length,
    lastCode(address) {
      const message = to(address).at(-1);
      const code = message && /code is: (\d{6})/.exec(message.raw)?.[1];
      if (!code) throw new Error(`no code mailed to ${address}`);
      return code;
    },
  };
}

let counter = 0;
/** A fresh address per call, so tests (and their rate-limit counters) never share one. */
/** A number written with letters only, so that addresses never look like numeric passwords. */
const letters = (n: number): string => {
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out;
};

export const freshEmail = (prefix = 'user') =>
  `${prefix}-${letters(process.pid)}-${letters(Date.now())}-${letters(++counter)}@example.com`;

/** A distinct client address per call, for per-IP counters. */
export const freshIp = () => {
  const n = ++counter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export const STRONG_PASSWORD = 'Violet-Harbour-917';

/** Registers through the API; answers the new user's key and verification code. */
export async function register(
  app: App,
  mailbox: Mailbox,
  email = freshEmail(),
  extra: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/registration/',
    payload: {
      email,
      password1: STRONG_PASSWORD,
      password2: STRONG_PASSWORD,
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+213 555 0101',
      ...extra,
    },
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.body}`);
  const body = res.json() as { key: string; user: { id: number; email: string } };
  return {
    email,
    key: body.key,
    user: body.user,
    code: mailbox.lastCode(email),
    headers: { authorization: `Token ${body.key}` },
  };
}
