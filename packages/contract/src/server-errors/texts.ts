import type { ErrorValues, ServerErrorCode } from '../errors.ts';
import type { LANGUAGES } from '../constants.ts';

/**
 * The server's error messages in a language other than its own Portuguese (errors.ts), by code:
 * a fixed text, or a function of the same named values as the Portuguese one. The panel shows
 * them in its user's language; the server answers with them where its caller asked for one (the
 * provisioning API answers in US English).
 */
export type ServerErrorTexts = {
  readonly [C in ServerErrorCode]: ErrorValues<C> extends undefined ? string : (values: ErrorValues<C>) => string;
};

/** The languages the server's errors are written in besides Portuguese. */
export type TranslatedLanguage = Exclude<(typeof LANGUAGES)[number], 'pt-BR'>;

/**
 * Plural forms of one language for a message with a count, by the language's own rules
 * (Intl.PluralRules): `count(2, 'file', 'files')` → '2 files'.
 */
export function plurals(locale: string): {
  isOne: (n: number) => boolean;
  count: (n: number, one: string, other: string) => string;
} {
  const rules = new Intl.PluralRules(locale);
  const isOne = (n: number) => rules.select(n) === 'one';
  return { isOne, count: (n, one, other) => `${n} ${isOne(n) ? one : other}` };
}
