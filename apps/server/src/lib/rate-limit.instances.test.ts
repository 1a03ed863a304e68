import { describe, expect, it } from 'vitest';
import type { App } from '../app';
import { buildUser } from '../../test/factories';
import { startInstances } from '../../test/instances';
import { LIMITS } from '../modules/auth/auth.limits';
import { freshIp } from '../modules/auth/auth.test-support';

/**
 * Decision 041: with REDIS_URL the rate-limit counters are shared by every instance, so a login
 * hammered through two instances is throttled at the same count as through one.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const shared = await startInstances(2, { REDIS_URL });
const separate = await startInstances(2);
/** Redis configured but down (nothing listens on port 4409); its logged error is expected. */
const down = await startInstances(1, { REDIS_URL: 'redis://127.0.0.1:4409', LOG_LEVEL: 'fatal' });

/** Wrong-password logins of one address, alternating over `apps`, until the first 429. */
async function attemptsBeforeThrottle(apps: App[], email: string): Promise<number> {
  const ip = freshIp();
  for (let n = 0; n < 100; n++) {
    const res = await apps[n % apps.length]!.inject({
      method: 'POST',
      url: '/api/auth/login/',
      remoteAddress: ip,
      payload: { email, password: 'not-the-password' },
    });
    if (res.statusCode === 429) return n;
    expect(res.statusCode).toBe(400);
  }
  throw new Error('never throttled');
}

describe('login throttling across instances', () => {
  it('with Redis: the same count through two instances as through one', async () => {
    const [a, b] = shared.apps as [App, App];
    const one = await buildUser(shared.db);
    const two = await buildUser(shared.db);
    expect(await attemptsBeforeThrottle([a], one.user.email)).toBe(LIMITS.login.perEmail);
    expect(await attemptsBeforeThrottle([a, b], two.user.email)).toBe(LIMITS.login.perEmail);
  });

  it('without Redis: each instance counts alone (what REDIS_URL is for)', async () => {
    const user = await buildUser(separate.db);
    expect(await attemptsBeforeThrottle(separate.apps, user.user.email)).toBe(
      2 * LIMITS.login.perEmail,
    );
  });

  it('lets logins through while Redis is unreachable', async () => {
    const user = await buildUser(down.db);
    const res = await down.apps[0]!.inject({
      method: 'POST',
      url: '/api/auth/login/',
      remoteAddress: freshIp(),
      payload: { email: user.user.email, password: 'Correct-Horse-42' },
    });
    expect(res.statusCode).toBe(200);
  });
});
