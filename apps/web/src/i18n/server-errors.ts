import { useEffect, useSyncExternalStore } from 'react';
import type { ServerErrorTexts } from './index.ts';
import { activeLocale, SOURCE_LOCALE } from './locale-store.ts';
import { defineTranslation, load, translationNow, type Catalogue, type Texts } from './store.ts';

/**
 * The server's error messages by code in the panel's language. Their Portuguese is the server's
 * own `error` text, which the panel shows as it comes; only the translations are loaded, and not
 * with the first page: the first time an error is to be shown (a refused call waits for them), or
 * once the shell's first page has shown (a component showing one as it draws re-renders when they
 * arrive: useServerErrors). Once loaded, a change of language loads them in the new one with the
 * other catalogues.
 */
let catalogue: Catalogue<ServerErrorTexts> | undefined;

/** Declares the catalogue (once) and resolves when its translation in the panel's language is there. */
export function loadServerErrors(): Promise<void> {
  catalogue ??= defineTranslation<ServerErrorTexts>('server-errors');
  const locale = activeLocale();
  if (locale === SOURCE_LOCALE) return Promise.resolve();
  const loading = load(locale, catalogue.name);
  void loading.then(() => {
    arrived += 1;
    listeners.forEach((notify) => notify());
  }, () => undefined);
  return loading;
}

let arrived = 0;
const listeners = new Set<() => void>();
const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};

/**
 * For a component that shows a server message as it draws: re-renders it when the translations
 * arrive. `showing`: it shows one now (a broadcast's error), so they are asked for at once rather
 * than left to the page's deferred work.
 */
export function useServerErrors(showing = false): void {
  useSyncExternalStore(subscribe, () => arrived, () => arrived);
  const locale = activeLocale();
  useEffect(() => {
    if (showing && locale !== SOURCE_LOCALE && !serverErrorsNow()) void loadServerErrors().catch(() => undefined);
  }, [showing, locale]);
}

/** The translations in the panel's language; undefined in pt-BR or before they have loaded. */
export const serverErrorsNow = (): Texts<ServerErrorTexts> | undefined => (catalogue ? translationNow(catalogue) : undefined);
