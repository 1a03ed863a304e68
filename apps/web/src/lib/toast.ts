import { useSyncExternalStore } from 'react';
import type * as Toastify from 'react-toastify';

/**
 * Toasts without react-toastify in the first load: the library (and its container) arrive with the
 * first message. react-toastify queues a toast until its container mounts, so nothing is lost.
 */
type Kind = 'success' | 'error' | 'info';

let wanted = false;
const listeners = new Set<() => void>();
let library: Promise<typeof Toastify> | null = null;

export function notify(kind: Kind, message: string): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  library ??= import('react-toastify');
  void library.then(({ toast }) => toast[kind](message));
}

export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => wanted,
  );
}
