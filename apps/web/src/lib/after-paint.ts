import { useEffect, useState } from 'react';

/**
 * Runs `work` once the next frame is painted (a frame, then a task), and returns its cancel.
 * For work a screen's first paint does not need (a schema to validate with later, the sign-in
 * providers): on a slow phone it would otherwise share the network and the main thread with
 * what the page needs to show (decision 042).
 */
export function afterNextPaint(work: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    task = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
}

/** False until the first frame after the component mounted has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
