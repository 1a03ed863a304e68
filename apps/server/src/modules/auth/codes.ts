import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import {
  countAttempt,
  findLiveCode,
  findLiveCodesByHash,
  markCodeUsed,
  replaceCode,
  type CodePurpose,
  type OneTimeCode,
} from './auth.repository';

/** Six-digit one-time codes (PRODUCT.md §2; docs/decisions/001-accounts.md). */
export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;
export const INVALID_CODE = 'Invalid or expired code.';

export const invalidCode = () => badRequest('code', INVALID_CODE);

/** Codes are stored as SHA-256 of purpose and code, so a database leak does not show them. */
export const hashCode = (purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${code}`).digest('hex');

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const expiry = () => new Date(Date.now() + CODE_TTL_MINUTES * 60_000);

/** A new code and its row values, without storing it (registration stores it with the user). */
export function draftCode(purpose: CodePurpose) {
  const code = newCode();
  return { code, row: { purpose, codeHash: hashCode(purpose, code), expiresAt: expiry() } };
}

/**
 * Issues a new code for the user, replacing any earlier one. Reset codes can be looked up without
 * an e-mail, so a password-reset code is drawn again until no other live reset code has it.
 */
export async function issueCode(db: Db, userId: number, purpose: CodePurpose): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const code = newCode();
    const codeHash = hashCode(purpose, code);
    if (purpose === 'password_reset' && attempt < 20) {
      const clash = await findLiveCodesByHash(db, purpose, codeHash, new Date(), CODE_MAX_ATTEMPTS);
      if (clash.some((row) => row.userId !== userId)) continue;
    }
    await replaceCode(db, userId, purpose, codeHash, expiry());
    return code;
  }
}

const sameHash = (a: string, b: string) =>
  timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

export interface CheckCodeOptions {
  purpose: CodePurpose;
  code: string;
  /** The account, when known (token or e-mail): wrong tries then count against its code. */
  userId?: number;
  /** Use the code up (single use); otherwise only check it. */
  consume: boolean;
}

/** The matching live code, or 400 `{"code": ["Invalid or expired code."]}`. */
export async function checkCode(
  db: Db,
  { purpose, code, userId, consume }: CheckCodeOptions,
): Promise<OneTimeCode> {
  const now = new Date();
  const wellFormed = /^\d{6}$/.test(code);
  const codeHash = hashCode(purpose, code);
  let row: OneTimeCode | undefined;
  if (userId !== undefined) {
    row = await findLiveCode(db, userId, purpose, now, CODE_MAX_ATTEMPTS);
    if (!row) throw invalidCode();
    if (!wellFormed || !sameHash(row.codeHash, codeHash)) {
      await countAttempt(db, row.id);
      throw invalidCode();
    }
  } else {
    if (!wellFormed) throw invalidCode();
    const rows = await findLiveCodesByHash(db, purpose, codeHash, now, CODE_MAX_ATTEMPTS);
    // Unique among live codes by construction; two matches would be ambiguous, so neither counts.
    if (rows.length !== 1 || !sameHash(rows[0]!.codeHash, codeHash)) throw invalidCode();
    row = rows[0]!;
  }
  if (consume && !(await markCodeUsed(db, row.id, now))) throw invalidCode();
  return row;
}
