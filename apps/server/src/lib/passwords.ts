import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at OWASP's guidance (Password Storage Cheat Sheet): N=2^15, r=8, p=3. Node computes the
 * p lanes one after another, so memory stays 128·N·r = 32 MiB per hash while the work triples;
 * the N=2^17 alternative would need 128 MiB per hash, four at once on libuv's pool (decision 044).
 */
export const PASSWORD_PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
// Room for hashes stored at up to 2^17 (128 MiB) if the cost is ever raised that way.
const MAX_MEMORY = 160 * 1024 * 1024;
const KEY_LENGTH = 32;

type Params = { N: number; r: number; p: number };

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`, all self-describing so parameters can change later. */
export async function hashPassword(
  password: string,
  params: Params = PASSWORD_PARAMS,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { ...params, maxmem: MAX_MEMORY });
  const { N, r, p } = params;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A stored hash made at other parameters than today's: rehash it at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const [, n, r, p] = stored.split('$');
  const { N, r: blockSize, p: lanes } = PASSWORD_PARAMS;
  return Number(n) !== N || Number(r) !== blockSize || Number(p) !== lanes;
}
