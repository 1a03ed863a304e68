import { randomBytes } from 'node:crypto';

/** 32-bit FNV-1a of a text: turns any seed into the integer the database hashes with. */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The seed of an exam: the caller's (same seed, same exam), else a fresh random one. */
export const examSeed = (seed: string | undefined): number =>
  hashSeed(seed ?? randomBytes(8).toString('hex'));

export interface Candidate {
  id: number;
  case_id: number | null;
}

/**
 * Fills an exam from candidates in random order (a case's questions next to each other). A
 * clinical case is one unit: all its questions or none, and a unit that would overflow the count
 * is skipped. `fetch(offset, limit)` reads the next window of the random order; windows are read
 * until the exam is full or the candidates run out, so a full exam usually costs one query.
 */
export async function drawExam(
  count: number,
  fetch: (window: { limit: number; offset: number }) => Promise<Candidate[]>,
): Promise<number[]> {
  const limit = Math.max(2 * count, 50);
  const picked: number[] = [];
  let offset = 0;
  /** A case longer than a whole window: it cannot fit, and it may go on in the next window. */
  let tooLong: number | null = null;
  for (;;) {
    const rows = await fetch({ limit, offset });
    const complete = rows.length < limit;
    // The last case of a full window may go on in the next one: leave it for that window.
    let end = rows.length;
    const lastCase = rows[end - 1]?.case_id ?? null;
    if (!complete && lastCase !== null) {
      while (end > 0 && rows[end - 1]!.case_id === lastCase) end--;
      if (end === 0) {
        tooLong = lastCase;
        end = rows.length;
      }
    }
    let i = 0;
    while (i < end && picked.length < count) {
      const caseId = rows[i]!.case_id;
      let j = i + 1;
      if (caseId !== null) while (j < end && rows[j]!.case_id === caseId) j++;
      if (caseId !== tooLong || caseId === null) {
        if (picked.length + (j - i) <= count) for (let k = i; k < j; k++) picked.push(rows[k]!.id);
      }
      i = j;
    }
    if (complete || picked.length === count) return picked;
    offset += end;
  }
}
