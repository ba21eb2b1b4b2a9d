import { use, useSyncExternalStore } from 'react';
import { activeLocale, subscribeLocale, type Locale } from './locale-store.ts';
import { isLoaded, load, textsIn, type Catalogue, type Texts } from './store.ts';

/**
 * The panel's texts in React components: `useTexts(catalogue)` re-renders a component when the
 * language changes. Everything else (declaring catalogues, switching the language, texts outside
 * rendering) is store.ts, re-exported here so a component imports one module.
 */
export * from './store.ts';

/** The language the panel is shown in, re-rendering the component when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, activeLocale, activeLocale);
}

/** A catalogue's texts in the panel's language (suspends the first time a translation loads). */
export function useTexts<T>(catalogue: Catalogue<T>): Texts<T> {
  const locale = useLocale();
  if (!isLoaded(locale, catalogue.name)) use(load(locale, catalogue.name));
  return textsIn(catalogue, locale);
}
