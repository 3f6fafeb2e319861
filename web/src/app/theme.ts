import { useSyncExternalStore } from 'react';

/** What the member chose on this device: follow the system, or one theme whatever the system says. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** The key web/public/theme.js reads before the first paint; the two must agree. */
const STORAGE_KEY = 'signalroom-theme';
const lightQuery = () => window.matchMedia('(prefers-color-scheme: light)');
const listeners = new Set<() => void>();

/** A choice made while this page cannot use storage (blocked by the browser): kept for the page's life. */
let unstored: ThemeChoice | null = null;

export function readThemeChoice(): ThemeChoice {
  if (unstored) return unstored;
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    // Storage blocked and nothing chosen on this page: follow the system.
    return 'system';
  }
}

/** The theme on screen now (theme.js put it on <html> before the app loaded). */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

function applyTheme(): void {
  const choice = readThemeChoice();
  const theme: Theme = choice === 'system' ? (lightQuery().matches ? 'light' : 'dark') : choice;
  if (document.documentElement.dataset.theme !== theme) document.documentElement.dataset.theme = theme;
  for (const listener of listeners) listener();
}

/** Stores the choice on this device and repaints every open page of it (other tabs hear `storage`). */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
    unstored = null;
  } catch {
    // Storage blocked: the choice holds until the page is left (readThemeChoice reads it from here).
    unstored = choice;
  }
  applyTheme();
}

/**
 * Keeps the app's theme current for as long as it is open: a system switch (when the member follows
 * it) and a choice made in another tab, and tells what reads colours in code. Called once by the app's
 * entry module (theme.js alone does it for the landing page, which loads no more than it shows).
 */
export function watchTheme(): void {
  lightQuery().addEventListener('change', applyTheme);
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY || event.key === null) applyTheme();
  });
  applyTheme();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The member's choice, re-read whenever it or the system's setting changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice);
}

/** The theme on screen, for what reads colours in code (charts) rather than through CSS. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'dark');
}
