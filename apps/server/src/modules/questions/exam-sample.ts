import { randomBytes } from 'node:crypto';

/** 32-bit FNV-1a of a text: turns any seed into a PRNG state. */
function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function prng(state: number): () => number {
  let a = state;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Picks up to `count` question ids at random. A clinical case is one unit: all its questions
 * (in their order) or none, and a case that would overflow the count is skipped. The same
 * seed over the same candidates gives the same exam.
 */
export function sampleExam(
  candidates: { id: number; case_id: number | null }[],
  count: number,
  seed?: string,
): number[] {
  const groups: number[][] = [];
  const cases = new Map<number, number[]>();
  for (const c of candidates) {
    if (c.case_id === null) {
      groups.push([c.id]);
      continue;
    }
    let group = cases.get(c.case_id);
    if (!group) {
      group = [];
      cases.set(c.case_id, group);
      groups.push(group);
    }
    group.push(c.id);
  }
  const random = prng(hashSeed(seed ?? randomBytes(8).toString('hex')));
  for (let i = groups.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [groups[i], groups[j]] = [groups[j]!, groups[i]!];
  }
  const picked: number[] = [];
  for (const group of groups) {
    if (picked.length + group.length <= count) picked.push(...group);
    if (picked.length === count) break;
  }
  return picked;
}
