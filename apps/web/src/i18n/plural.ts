/**
 * Plural forms of one language for the catalogues' texts with a count, by the language's own
 * rules (Intl.PluralRules): `count(2, 'video', 'videos')` → '2 videos'.
 */
export function plurals(locale: string): {
  isOne: (n: number) => boolean;
  count: (n: number, one: string, other: string) => string;
} {
  const rules = new Intl.PluralRules(locale);
  const isOne = (n: number) => rules.select(n) === 'one';
  return { isOne, count: (n, one, other) => `${n} ${isOne(n) ? one : other}` };
}
