/**
 * A prerendered form (sign-in, sign-up, reset) is on screen before the app's JavaScript runs.
 * Submitted then, the browser would send it itself: a GET with the password in the address.
 * index.html's first script holds such a submit until `window.qbankReady`; main.tsx sets it when
 * React starts listening (React replays what happens after), and the form sends a held submit
 * once it runs (useZodForm).
 */
declare global {
  interface Window {
    qbankReady?: boolean;
    qbankHeldForm?: HTMLFormElement | null;
  }
}

export function markAppListening(): void {
  window.qbankReady = true;
}

/** Sends the submit held before the app ran, now that its form's handler is attached. */
export function releaseHeldSubmit(): void {
  const form = window.qbankHeldForm;
  window.qbankHeldForm = null;
  if (form?.isConnected) form.requestSubmit();
}
