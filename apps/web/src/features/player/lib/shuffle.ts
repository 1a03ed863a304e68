import { mulberry32 } from '@qbank/contract/random';

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Fisher–Yates with a seed: stable within an attempt (seed = session or exam id + question id). */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const random = mulberry32(hash(seed));
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
