/**
 * A catalogue text with values is an ICU message (FormatJS's intl-messageformat formats it):
 * `icu<{ name: string }>('Excluir a pasta {name}')`,
 * `icu<{ count: number }>('{count, plural, one {# vídeo} other {# vídeos}}')`. The Portuguese
 * catalogue names the values' types; a translation writes `icu('…')` and takes them from it.
 * Any other catalogue string is shown exactly as written, braces included.
 *
 * This module has no dependencies: the catalogue files import only it, so a check can read them
 * outside the browser.
 */
declare const valuesOf: unique symbol;

export type MessageValue = string | number | Date;
export type MessageValues = Record<string, MessageValue>;

/** An ICU message taking the values V. At run time it is the message's own string. */
export type Message<V extends MessageValues> = string & { readonly [valuesOf]: V };

// each message, with its syntax tree when the build parsed it (vite.config.ts precompileMessages)
const messages = new Map<string, unknown>();

export function icu<V extends MessageValues>(message: string, parsed?: unknown): Message<V> {
  messages.set(message, parsed);
  return message as Message<V>;
}

/** Whether a catalogue string was written with `icu` (and so is formatted with values). */
export function isMessage(text: string): boolean {
  return messages.has(text);
}

/** A message's syntax tree when the build parsed it; undefined where the text is parsed when first formatted. */
export function parsedMessage(text: string): unknown {
  return messages.get(text);
}
