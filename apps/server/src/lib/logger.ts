import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
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
): Pick<
  FastifyServerOptions,
  'logger' | 'genReqId' | 'requestIdHeader' | 'disableRequestLogging' | 'childLoggerFactory'
> {
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
    childLoggerFactory: (logger, bindings, options) =>
      Object.keys(options).length
        ? logger.child(bindings, options)
        : new RequestLogger(logger as PinoLogger, bindings),
  };
}

type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LineArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger (its id in every line), made when it first writes a line: making a child
 * logger per request cost ~3 µs, more than serving a cached question page, and at the usual
 * levels most requests write nothing (decision 042). Routes with their own log options get a
 * child logger at once.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: PinoLogger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  private line(level: Level, args: LineArgs): void {
    if (this.made || this.parent.isLevelEnabled(level)) this.logger[level](...args);
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }
  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: LineArgs) {
    this.line('fatal', args);
  }
  error(...args: LineArgs) {
    this.line('error', args);
  }
  warn(...args: LineArgs) {
    this.line('warn', args);
  }
  info(...args: LineArgs) {
    this.line('info', args);
  }
  debug(...args: LineArgs) {
    this.line('debug', args);
  }
  trace(...args: LineArgs) {
    this.line('trace', args);
  }
  silent() {}

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.logger.child(...args);
  }
}
