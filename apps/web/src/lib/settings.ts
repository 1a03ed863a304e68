import { useSyncExternalStore } from 'react';

/** Client settings of seed §3, kept in localStorage and applied to :root as CSS variables. */
export type FontSize = 'small' | 'medium' | 'large' | 'x-large';
export type FontFamily = 'sans' | 'serif' | 'readable';
export type DisplayMode = 'light' | 'dark';

export type Settings = {
  fontSize: FontSize;
  fontFamily: FontFamily;
  displayMode: DisplayMode;
  randomAnswersOption: boolean;
  enableSound: boolean;
  showTimer: boolean;
  examMode: boolean;
  /** Issue 13: ask sure / unsure / guess with each answer. */
  askConfidence: boolean;
  /** Issue 13: after a miss, offer to classify it. */
  classifyMisses: boolean;
};

export const DEFAULT_SETTINGS: Settings = {
  fontSize: 'medium',
  fontFamily: 'sans',
  displayMode: 'light',
  randomAnswersOption: false,
  enableSound: true,
  showTimer: true,
  examMode: false,
  askConfidence: false,
  classifyMisses: false,
};

export const FONT_SIZES: Record<FontSize, string> = {
  small: '14px',
  medium: '16px',
  large: '18px',
  'x-large': '20px',
};

export const FONT_FAMILIES: Record<FontFamily, string> = {
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  serif: 'Georgia, Cambria, "Times New Roman", Times, serif',
  readable: 'Verdana, Tahoma, "DejaVu Sans", sans-serif',
};

export const STORAGE_KEY = 'qbank.settings';
const listeners = new Set<() => void>();
let current: Settings = load();

function load(): Settings {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return DEFAULT_SETTINGS;
    const stored = JSON.parse(raw) as Partial<Record<keyof Settings, unknown>>;
    return {
      fontSize: pick(stored.fontSize, Object.keys(FONT_SIZES), DEFAULT_SETTINGS.fontSize),
      fontFamily: pick(stored.fontFamily, Object.keys(FONT_FAMILIES), DEFAULT_SETTINGS.fontFamily),
      displayMode: pick(stored.displayMode, ['light', 'dark'], DEFAULT_SETTINGS.displayMode),
      randomAnswersOption: bool(stored.randomAnswersOption, DEFAULT_SETTINGS.randomAnswersOption),
      enableSound: bool(stored.enableSound, DEFAULT_SETTINGS.enableSound),
      showTimer: bool(stored.showTimer, DEFAULT_SETTINGS.showTimer),
      examMode: bool(stored.examMode, DEFAULT_SETTINGS.examMode),
      askConfidence: bool(stored.askConfidence, DEFAULT_SETTINGS.askConfidence),
      classifyMisses: bool(stored.classifyMisses, DEFAULT_SETTINGS.classifyMisses),
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

function pick<T extends string>(value: unknown, allowed: string[], fallback: T): T {
  return typeof value === 'string' && allowed.includes(value) ? (value as T) : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Sets the variables the whole stylesheet reads; called before the first render and on change. */
export function applySettings(settings: Settings = current): void {
  const root = document.documentElement;
  root.style.setProperty('--font-size', FONT_SIZES[settings.fontSize]);
  root.style.setProperty('--font-family', FONT_FAMILIES[settings.fontFamily]);
  root.dataset.theme = settings.displayMode;
  root.style.colorScheme = settings.displayMode;
}

export function getSettings(): Settings {
  return current;
}

export function updateSettings(patch: Partial<Settings>): void {
  current = { ...current, ...patch };
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Private mode without storage: the settings still apply until the page is closed.
  }
  applySettings(current);
  for (const listener of listeners) listener();
}

export function resetSettings(): void {
  updateSettings(DEFAULT_SETTINGS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}
