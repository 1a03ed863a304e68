import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** How long a signed media URL stays valid, at least. */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;
/**
 * Expiry times are rounded up to this step, so the same file keeps the same URL for a while and
 * the browser's cache can serve it again (a URL stays valid between TTL and TTL + step).
 */
const EXPIRY_STEP_SECONDS = 15 * 60;

export interface SignedQuery {
  expires: number;
  signature: string;
}

/**
 * Short-lived signed URLs for private media (decision 032): the API hands them only to the owner
 * (or staff), and `<img src>` can load them without an Authorization header. HMAC-SHA256 over
 * the key and the expiry, compared in constant time.
 */
export class MediaSigner {
  constructor(private readonly secret: Buffer) {}

  private mac(key: string, expires: number): Buffer {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest();
  }

  sign(key: string, nowMs = Date.now()): SignedQuery {
    const earliest = Math.floor(nowMs / 1000) + SIGNED_URL_TTL_SECONDS;
    const expires = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    return { expires, signature: this.mac(key, expires).toString('base64url') };
  }

  /** A secret of its own for another purpose, the same on every instance sharing the secret. */
  derive(purpose: string): string {
    return createHmac('sha256', this.secret).update(`purpose\n${purpose}`).digest('base64url');
  }

  /** The seconds left when `expires`/`signature` are a valid, unexpired signature of `key`; else null. */
  verify(key: string, expires: unknown, signature: unknown, nowMs = Date.now()): number | null {
    if (typeof expires !== 'string' || typeof signature !== 'string') return null;
    if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return null;
    const left = Number(expires) - Math.floor(nowMs / 1000);
    if (left <= 0) return null;
    const given = Buffer.from(signature, 'base64url');
    const wanted = this.mac(key, Number(expires));
    return given.length === wanted.length && timingSafeEqual(given, wanted) ? left : null;
  }
}

const SECRET_FILE = 'media-signing.key';

/**
 * The signing secret: MEDIA_SIGNING_KEY when set (required when several instances share one
 * database but not one DATA_DIR), otherwise a random one generated once into DATA_DIR.
 */
export function loadMediaSecret(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  // Written aside, then linked into place: a worker starting at the same moment either finds
  // no file or the whole secret, never an empty file still being written.
  const draft = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(`${file} holds no usable secret; delete it to generate one`);
  return Buffer.from(secret, 'utf8');
}
