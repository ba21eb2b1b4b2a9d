import { LANGUAGES } from '@painel/contract';

/** The languages of the panel, as an account chooses them in Configurações. */
export type Locale = (typeof LANGUAGES)[number];

export const SOURCE_LOCALE: Locale = 'pt-BR';

let active: Locale = SOURCE_LOCALE;
const listeners = new Set<() => void>();

/** The language every text, number, size, duration and date of the panel is written in now. */
export function activeLocale(): Locale {
  return active;
}

/**
 * Makes a language the active one and tells every subscriber (the components showing texts)
 * at once. The texts of that language must already be loaded (setLocale in store.ts does it);
 * formatting numbers alone needs nothing loaded.
 */
export function activateLocale(locale: Locale): void {
  if (locale === active) return;
  active = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language among the panel's three that matches a browser's list (navigator.languages):
 * the first whose language part is pt, en or es; pt-BR when none is.
 */
export function localeFromBrowser(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const lang = tag.toLowerCase().split(/[-_]/)[0];
    const match = LANGUAGES.find((l) => l.toLowerCase().startsWith(`${lang}-`));
    if (match) return match;
  }
  return SOURCE_LOCALE;
}
