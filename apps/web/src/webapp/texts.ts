import { activateLocale, activeLocale, localeFromBrowser, SOURCE_LOCALE } from '../i18n/locale-store.ts';
import { setLocale } from '../i18n/store.ts';
import { loadServerErrors, serverErrorsNow } from '../i18n/server-errors.ts';

/**
 * The published app speaks its visitor's language (the browser's, among pt-BR, en-US and es-ES;
 * pt-BR otherwise), never the panel's remembered one: the owner's texts are shown as written.
 */
export async function startLanguage(): Promise<void> {
  const locale = localeFromBrowser(navigator.languages?.length ? navigator.languages : [navigator.language]);
  activateLocale(locale);
  // a copy kept offline may carry another <html lang> than this browser's
  document.documentElement.lang = locale;
  try {
    // the translations load before the first screen is drawn, the server's refusals among them
    // (a copy kept offline has them at hand)
    void loadServerErrors().catch(() => undefined);
    await setLocale(locale);
  } catch {
    // not reachable (offline before the app kept them): the Portuguese source, consistently
    activateLocale(SOURCE_LOCALE);
    document.documentElement.lang = SOURCE_LOCALE;
  }
}

/**
 * The reason a refused request gives, in the visitor's language: the server's own (Portuguese)
 * text in pt-BR, the translation of its code otherwise; `fallback` when there is neither.
 */
export async function refusalOf(r: Response, fallback: string): Promise<string> {
  const body = (await r.json().catch(() => null)) as { error?: unknown; code?: unknown; values?: unknown } | null;
  const error = typeof body?.error === 'string' ? body.error : '';
  if (!error) return fallback;
  if (activeLocale() === SOURCE_LOCALE) return error;
  const translated = typeof body?.code === 'string'
    ? (serverErrorsNow() as Record<string, unknown> | undefined)?.[body.code]
    : undefined;
  if (typeof translated === 'string') return translated;
  if (typeof translated === 'function' && body?.values !== undefined) {
    try {
      return String((translated as (v: unknown) => unknown)(body.values));
    } catch {
      // values of another shape: the app's own text below
    }
  }
  return fallback;
}
