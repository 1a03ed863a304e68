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

/** What an incoming request id may look like (nginx's $request_id: 32 hex digits; UUIDs). */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

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
    // The proxy's X-Request-Id (deploy/nginx) names the request in every log line, so one id
    // follows it from nginx's log to the app's; a missing or odd-looking one is replaced.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  };
}
