import { AUTH_MESSAGES } from '@qbank/contract/constants';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { packageRoot } from '../../lib/paths';

/**
 * Django's default password validators (AUTH_PASSWORD_VALIDATORS), in Django's order, with its
 * messages: UserAttributeSimilarityValidator (max similarity 0.7), MinimumLengthValidator (8),
 * CommonPasswordValidator (20,000 passwords, data-files/common-passwords.txt.gz) and
 * NumericPasswordValidator. Every failing rule adds its message, as Django does.
 */

export const MIN_LENGTH = 8;
const MAX_SIMILARITY = 0.7;

export const TOO_SHORT = `This password is too short. It must contain at least ${MIN_LENGTH} characters.`;
export const TOO_COMMON = AUTH_MESSAGES.tooCommon;
export const ENTIRELY_NUMERIC = 'This password is entirely numeric.';

let common: Set<string> | undefined;

/** The common-password list, read once. */
export function commonPasswords(): Set<string> {
  if (!common) {
    const file = path.join(packageRoot(), 'data-files', 'common-passwords.txt.gz');
    const lines = gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    common = new Set(lines.map((l) => l.trim()).filter(Boolean));
  }
  return common;
}

/** Python's SequenceMatcher.quick_ratio(): shared characters (as multisets) over total length. */
function quickRatio(a: string, b: string): number {
  const counts = new Map<string, number>();
  for (const ch of b) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const left = counts.get(ch) ?? 0;
    if (left > 0) {
      matches += 1;
      counts.set(ch, left - 1);
    }
  }
  const total = [...a].length + [...b].length;
  return total ? (2 * matches) / total : 1;
}

/** Django's exceeds_maximum_length_ratio: a long password cannot be "similar" to a short value. */
function exceedsMaximumLengthRatio(password: string, value: string): boolean {
  const pwdLen = [...password].length;
  const valueLen = [...value].length;
  return pwdLen >= 10 * valueLen && valueLen < (MAX_SIMILARITY / 2) * pwdLen;
}

export interface PasswordOwner {
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

const ATTRIBUTES: [keyof PasswordOwner, string][] = [
  ['first_name', 'first name'],
  ['last_name', 'last name'],
  ['email', 'email'],
];

function similarity(password: string, owner: PasswordOwner): string | undefined {
  const lower = password.toLowerCase();
  for (const [attribute, label] of ATTRIBUTES) {
    const value = owner[attribute];
    if (!value) continue;
    const valueLower = value.toLowerCase();
    // Python's re.split(r"\W+", …) plus the whole value.
    const parts = [...valueLower.split(/[^\p{L}\p{N}_]+/u), valueLower];
    for (const part of parts) {
      if (exceedsMaximumLengthRatio(lower, part)) continue;
      if (quickRatio(lower, part) >= MAX_SIMILARITY)
        return `The password is too similar to the ${label}.`;
    }
  }
  return undefined;
}

/** Every message of every failing validator; empty when the password is acceptable. */
export function passwordProblems(password: string, owner: PasswordOwner = {}): string[] {
  const problems: string[] = [];
  const similar = similarity(password, owner);
  if (similar) problems.push(similar);
  if ([...password].length < MIN_LENGTH) problems.push(TOO_SHORT);
  if (commonPasswords().has(password.toLowerCase().trim())) problems.push(TOO_COMMON);
  if (/^\d+$/.test(password)) problems.push(ENTIRELY_NUMERIC);
  return problems;
}
