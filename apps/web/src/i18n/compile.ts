import { IntlMessageFormat, type Formatters } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { isMessage, parsedMessage, type Message, type MessageValues } from './message.ts';

/** A catalogue as components read it: each ICU message becomes a function of its values. */
export type Texts<T> =
  T extends Message<infer V>
    ? (values: V) => string
    : T extends string
      ? string
      : T extends (...args: infer A) => infer R
        ? (...args: A) => R
        : T extends number | boolean
          ? T
          : { readonly [K in keyof T]: Texts<T[K]> };

/**
 * A catalogue of one language made readable: its plain texts as they are, each ICU message a
 * function formatting it with FormatJS in that locale (the formatter built on first use).
 */
export function compileTexts<T>(catalogue: T, locale: string): Texts<T> {
  return compile(catalogue, locale) as Texts<T>;
}

const cached = <A extends unknown[], R>(make: (...args: A) => R) => {
  const made = new Map<string, R>();
  return (...args: A): R => {
    const key = JSON.stringify(args);
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(...args)));
    return value;
  };
};

/**
 * The formatters of every message: a count in a message is grouped like the panel's other figures
 * (lib/format.ts: four digits stay together, '1649 vídeos', larger ones are grouped, '12.345').
 */
const formatters: Formatters = {
  getNumberFormat: cached((locales?: string | string[], options?: Intl.NumberFormatOptions) =>
    new Intl.NumberFormat(locales, { useGrouping: 'min2', ...options })),
  getDateTimeFormat: cached((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
  getPluralRules: cached((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
};

function compile(value: unknown, locale: string): unknown {
  if (typeof value === 'string') {
    if (!isMessage(value)) return value;
    let format: IntlMessageFormat | undefined;
    return (values: MessageValues) => {
      format ??= new IntlMessageFormat((parsedMessage(value) as MessageFormatElement[] | undefined) ?? value, locale, undefined, { formatters });
      return String(format.format(values));
    };
  }
  if (Array.isArray(value)) return value.map((v) => compile(v, locale));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compile(v, locale)]));
  }
  return value;
}
