import { useEffect, useState } from 'react';

function format(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** Time since mount, or time left before `deadline` (ms since epoch) when given. */
export function Elapsed({
  label,
  deadline,
  onExpire,
}: {
  label: string;
  deadline?: number;
  onExpire?: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  const [start] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = deadline === undefined ? null : deadline - now;
  useEffect(() => {
    if (left !== null && left <= 0) onExpire?.();
  }, [left, onExpire]);
  return (
    <span className="timer" role="timer" aria-label={label}>
      {format(left ?? now - start)}
    </span>
  );
}
