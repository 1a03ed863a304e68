import { useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * Guards unsaved work: while `dirty`, leaving for another page inside the app is held
 * (`blocker.state === 'blocked'`: the screen asks, then `proceed()` or `reset()`), and closing
 * or reloading the tab makes the browser ask (beforeunload). `allowNext()` lets one navigation
 * through without asking, e.g. the one a save makes itself.
 */
export function useUnsavedChanges(dirty: boolean): { blocker: Blocker; allowNext: () => void } {
  const dirtyRef = useRef(dirty);
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  // A ref, not the render's value: a save sets "clean" and navigates in the same tick.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return { blocker, allowNext: () => (dirtyRef.current = false) };
}
