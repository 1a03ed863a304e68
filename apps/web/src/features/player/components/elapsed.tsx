import { useEffect, useState } from 'react';
import { activeNow, usePaused } from '../lib/pause-clock';

function format(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

function readClocks() {
  return { wall: Date.now(), active: activeNow() };
}

/**
 * Time since mount, or time left before `deadline` (ms since epoch) when given. The time since
 * mount stands still while the player is paused; a deadline never does.
 */
export function Elapsed({
  label,
  deadline,
  onExpire,
}: {
  label: string;
  deadline?: number;
  onExpire?: () => void;
}) {
  const [now, setNow] = useState(readClocks);
  const [start] = useState(() => activeNow());
  const paused = usePaused();
  // A pause or a resume reads the clocks at once: the figure frozen on screen is the one the
  // pause froze, not the last tick's, which may be up to a second behind.
  const [readAt, setReadAt] = useState(paused);
  if (readAt !== paused) {
    setReadAt(paused);
    setNow(readClocks());
  }
  useEffect(() => {
    const timer = window.setInterval(() => setNow(readClocks()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = deadline === undefined ? null : deadline - now.wall;
  useEffect(() => {
    if (left !== null && left <= 0) onExpire?.();
  }, [left, onExpire]);
  return (
    <span className="timer" role="timer" aria-label={label}>
      {format(left ?? now.active - start)}
    </span>
  );
}
