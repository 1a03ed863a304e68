import { CHOICE_LETTERS } from '@qbank/contract/constants';

/**
 * Keys that tick a choice, by displayed position: A–Z (extended-matching questions have up to
 * 26 choices, issue 39) or 1–9.
 */
export function choiceIndexForKey(key: string): number | null {
  if (/^[1-9]$/.test(key)) return Number(key) - 1;
  const index = CHOICE_LETTERS.indexOf(key.toUpperCase());
  return key.length === 1 && index >= 0 ? index : null;
}

/** Typing in a field or activating a control keeps its own behaviour. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return type !== 'checkbox' && type !== 'radio';
  }
  return false;
}

/**
 * Whether a key press is the player's to handle: no modifier, not typed into a field, no
 * dialog open, and no other handler took it first.
 */
export function isPlayerKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (isTypingTarget(event.target)) return false;
  return !document.querySelector('dialog[open]');
}

export function isActivatable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.tagName === 'BUTTON' || target.tagName === 'A' || target.tagName === 'SUMMARY')
  );
}

export { CHOICE_LETTERS as LETTERS };
