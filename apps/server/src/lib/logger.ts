import type { FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';

/** Never log a secret: these paths are redacted from every log line. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password1',
  '*.password2',
  '*.new_password1',
  '*.new_password2',
  '*.code',
  '*.token',
  '*.key',
  '*.access_token',
];

/** `stream`: where log lines go instead of stdout (the API tests collect errors there). */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'disableRequestLogging'> {
  return {
    logger:
      level === 'silent'
        ? false
        : {
            level,
            redact: { paths: REDACTED, censor: '[redacted]' },
            ...(stream ? { stream } : {}),
          },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  };
}
