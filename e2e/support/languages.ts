import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_MENU, msg } from '@painel/contract';
import { isMessage } from '../../apps/web/src/i18n/message.ts';

/**
 * Finding Portuguese where the panel should speak another language: the texts of the pt-BR
 * catalogues that a translated page must not show, and what a page shows (text, placeholders,
 * labels for screen readers, tooltips).
 */

const I18N = path.join(import.meta.dirname, '../../apps/web/src/i18n');

/** A catalogue of one language (its default export). */
export async function catalogue(locale: string, name: string): Promise<unknown> {
  return ((await import(path.join(I18N, locale, `${name}.ts`))) as { default: unknown }).default;
}

const leafStrings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(leafStrings) : [];

/** The words a text shows whatever its values: the whole text, or the literal parts of an ICU message. */
function fragments(text: string): string[] {
  if (!isMessage(text)) return [text];
  const out: string[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.literal) out.push(...el.value.split(/[\n:·—()"]+/));
      else if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) walk(o.value);
    }
  };
  walk(parse(text));
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether the words appear in the text as words (not inside a longer word: 'Erro' is not in 'Error'). */
export const wordsIn = (words: string, text: string): boolean =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(words)}(?![\\p{L}\\p{N}])`, 'u').test(text);

/**
 * The Portuguese texts of the panel that must not show in a language: every text of the pt-BR
 * catalogues, the messages and the menu, less those written the same in that language ('Playlist',
 * 'OBS') and those inside the account's own names.
 */
export async function portugueseOnly(locale: string, ownTexts: readonly string[]): Promise<string[]> {
  const names = fs.readdirSync(path.join(I18N, 'pt-BR')).map((f) => f.replace(/\.ts$/, ''));
  const pt: string[] = [...leafStrings(msg), ...DEFAULT_MENU.map((m) => m.label)];
  const translated: string[] = [...leafStrings(await catalogue(locale, 'messages'))];
  for (const name of names) {
    pt.push(...leafStrings(await catalogue('pt-BR', name)));
    translated.push(...leafStrings(await catalogue(locale, name)));
  }
  const theirs = translated.flatMap(fragments).join('\n');
  const candidates = new Set(pt.flatMap(fragments).map((f) => f.trim()));
  return [...candidates].filter((f) => f.length >= 4 && /\p{L}{3}/u.test(f) && !wordsIn(f, theirs) && !ownTexts.some((o) => wordsIn(f, o)));
}

/** Everything a person reads on the page (or in one part of it), including placeholders, labels for screen readers and tooltips. */
export function shownText(selector: string): string {
  const root = document.querySelector(selector);
  if (!root) return '';
  const parts = [(root as HTMLElement).innerText];
  for (const el of root.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
    for (const a of ['placeholder', 'aria-label', 'title', 'alt']) {
      const v = el.getAttribute(a);
      if (v) parts.push(v);
    }
  }
  return parts.join('\n');
}
