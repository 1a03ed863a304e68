import { useSyncExternalStore } from 'react';

/**
 * The player's clock, which a pause stops (issue 13). Time on a question is measured with
 * `activeNow()`, which does not advance while paused.
 */
let pausedAt: number | null = null;
let pausedTotal = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** ms on a clock that stands still during a pause. */
export function activeNow(): number {
  const now = performance.now();
  return now - pausedTotal - (pausedAt === null ? 0 : now - pausedAt);
}

export function pauseClock(): void {
  if (pausedAt !== null) return;
  pausedAt = performance.now();
  emit();
}

export function resumeClock(): void {
  if (pausedAt === null) return;
  pausedTotal += performance.now() - pausedAt;
  pausedAt = null;
  emit();
}

export function isPaused(): boolean {
  return pausedAt !== null;
}

export function usePaused(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isPaused,
    isPaused,
  );
}
