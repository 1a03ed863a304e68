/**
 * True on a phone's width (below the layout's desktop breakpoint, 48rem in base.css). Read once
 * when a screen mounts: the player folds its tools there so the stem comes first (issue 33).
 */
export function isPhoneWidth(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 47.99rem)').matches
  );
}
