import { parse } from '@formatjs/icu-messageformat-parser';

/** The catalogue files whose messages the build parses. */
export const CATALOGUE_FILE = /\/src\/i18n\/(pt-BR|en-US|es-ES)\/[\w-]+\.ts$/;

// icu('…') or icu<{ values }>("…"), with an optional trailing comma
const CALL = /\bicu(<[^>]*>)?\(\s*('(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*")\s*,?\s*\)/g;

/**
 * A catalogue file's source with each `icu('…')` call given the message's syntax tree as a second
 * argument (message.ts keeps it; FormatJS formats it without parsing). Throws on a message that
 * does not parse. `calls` counts the calls rewritten.
 */
export function precompileCatalogue(code: string): { code: string; calls: number } {
  let calls = 0;
  const out = code.replace(CALL, (_m, generic: string | undefined, literal: string) => {
    calls += 1;
    // the string literal as JavaScript reads it (the catalogues are the panel's own source)
    const text = new Function(`return ${literal};`)() as string;
    return `icu${generic ?? ''}(${JSON.stringify(text)}, ${JSON.stringify(parse(text))})`;
  });
  return { code: out, calls };
}
