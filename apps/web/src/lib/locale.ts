import { DEFAULT_SETTINGS, type LANGUAGES } from '@painel/contract';

/** The languages an account can choose in its settings; the interface ships in pt-BR. */
export type PanelLocale = (typeof LANGUAGES)[number];

export const DEFAULT_LOCALE: PanelLocale = DEFAULT_SETTINGS.language;

let active: PanelLocale = DEFAULT_LOCALE;

/**
 * The locale every number, size and duration is written in. One place, so that switching
 * the panel's language changes all of them together instead of page by page.
 */
export function currentLocale(): PanelLocale {
  return active;
}

export function setCurrentLocale(locale: PanelLocale): void {
  active = locale;
}
