/** The e-mail of the reset request, kept for the later steps (they send it with the code). */
const KEY = 'qbank.reset-email';
const CODE_KEY = 'qbank.reset-code';

export function rememberResetEmail(email: string): void {
  sessionStorage.setItem(KEY, email);
  sessionStorage.removeItem(CODE_KEY);
}

export function readResetEmail(): string {
  // None when the screen is prerendered at build time (src/prerender.tsx).
  if (typeof sessionStorage === 'undefined') return '';
  return sessionStorage.getItem(KEY) ?? '';
}

export function rememberResetCode(code: string): void {
  sessionStorage.setItem(CODE_KEY, code);
}

export function readResetCode(): string {
  return sessionStorage.getItem(CODE_KEY) ?? '';
}

export function forgetReset(): void {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(CODE_KEY);
}
