import type { FastifyInstance, FastifyRequest } from 'fastify';
import { byBodyEmail, byIp, rateLimit, type LimitRule } from '../../lib/rate-limit';

/**
 * Throttles of the account calls, per address AND per IP (docs/decisions/001-accounts.md).
 * Windows of one minute; generous enough for people and test suites, tight enough to stop
 * password and code guessing (a code has 5 tries anyway).
 */
export const LIMITS = {
  login: { perEmail: 10, perIp: 200 },
  registration: { perEmail: 5, perIp: 120 },
  resetRequest: { perEmail: 5, perIp: 60 },
  codeCheck: { perAccount: 10, perIp: 60 },
  resend: { perEmail: 1, perIp: 60 },
  provider: { perIp: 120 },
} as const;

const WINDOW = 60;

const byCaller = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : undefined;

const rules = (name: string, perKey: number, key: LimitRule['key'], perIp: number): LimitRule[] => [
  { name: `${name}:key`, max: perKey, windowSeconds: WINDOW, key },
  { name: `${name}:ip`, max: perIp, windowSeconds: WINDOW, key: byIp },
];

export function authLimits(app: FastifyInstance) {
  return {
    login: rateLimit(app, rules('login', LIMITS.login.perEmail, byBodyEmail, LIMITS.login.perIp)),
    registration: rateLimit(
      app,
      rules('registration', LIMITS.registration.perEmail, byBodyEmail, LIMITS.registration.perIp),
    ),
    resetRequest: rateLimit(
      app,
      rules('reset-request', LIMITS.resetRequest.perEmail, byBodyEmail, LIMITS.resetRequest.perIp),
    ),
    resetCode: rateLimit(
      app,
      rules('reset-code', LIMITS.codeCheck.perAccount, byBodyEmail, LIMITS.codeCheck.perIp),
    ),
    verifyEmail: rateLimit(
      app,
      rules('verify-email', LIMITS.codeCheck.perAccount, byCaller, LIMITS.codeCheck.perIp),
    ),
    resend: rateLimit(
      app,
      rules('resend', LIMITS.resend.perEmail, byBodyEmail, LIMITS.resend.perIp),
    ),
    provider: rateLimit(app, [
      { name: 'provider:ip', max: LIMITS.provider.perIp, windowSeconds: WINDOW, key: byIp },
    ]),
  };
}
