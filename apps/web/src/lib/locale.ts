import { activateLocale, activeLocale, type Locale } from '../i18n/locale-store.ts';

/** The languages an account can choose in its settings. */
export type PanelLocale = Locale;

/**
 * The locale every number, size and duration is written in: the panel's language (i18n
 * locale-store), so that switching it changes all of them together instead of page by page.
 */
export function currentLocale(): PanelLocale {
  return activeLocale();
}

/** Writes figures in a locale from now on (the panel's language changes with it; i18n/store.ts setLocale also loads its texts). */
export function setCurrentLocale(locale: PanelLocale): void {
  activateLocale(locale);
}
