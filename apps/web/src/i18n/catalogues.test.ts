/**
 * The catalogues in the three languages: the same keys everywhere, each ICU message with the same
 * values in every language, no logic in a catalogue, no key the panel never shows, and no page
 * reading Portuguese around the catalogues. A text missing in a language fails here.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { msg, serverErrors, startMsg } from '@painel/contract';
import { isMessage } from './message.ts';
import { precompileCatalogue } from './precompile.ts';

const here = import.meta.dirname;
const src = path.join(here, '..');
const TRANSLATIONS = ['en-US', 'es-ES'] as const;

/** Every feature catalogue: the files of pt-BR, each declared in i18n/<name>.ts. */
const features = fs
  .readdirSync(path.join(here, 'pt-BR'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .sort();

async function catalogue(locale: string, name: string): Promise<unknown> {
  const module = (await import(path.join(here, locale, `${name}.ts`))) as { default?: unknown };
  return module.default;
}

type Leaf = { path: string; value: unknown };

function leaves(value: unknown, at: string[] = []): Leaf[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]));
  }
  return [{ path: at.join('.'), value }];
}

/** The values an ICU message takes: name → kind (argument, plural, select, number, date…). */
function argumentsOf(message: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      found.set(el.value, TYPE[el.type]);
      if (el.type === TYPE.plural || el.type === TYPE.select) {
        for (const option of Object.values(el.options)) walk(option.value);
      }
      if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(parse(message));
  return found;
}

const describe = (value: unknown): string => {
  if (typeof value === 'string') return isMessage(value) ? 'message' : 'text';
  return typeof value;
};

for (const name of features) {
  test(`catalogue ${name}: the same keys and the same message values in pt-BR, en-US and es-ES`, async () => {
    const source = new Map(leaves(await catalogue('pt-BR', name)).map((l) => [l.path, l.value]));
    assert.ok(source.size > 0, `pt-BR/${name}.ts has a default export with texts`);
    for (const [key, value] of source) {
      assert.ok(typeof value === 'string', `pt-BR/${name}.ts ${key}: a catalogue holds texts only, found a ${typeof value}`);
      assert.ok(value.trim() !== '', `pt-BR/${name}.ts ${key}: empty text`);
    }
    for (const locale of TRANSLATIONS) {
      const translated = new Map(leaves(await catalogue(locale, name)).map((l) => [l.path, l.value]));
      const missing = [...source.keys()].filter((k) => !translated.has(k));
      const extra = [...translated.keys()].filter((k) => !source.has(k));
      assert.deepEqual(missing, [], `${locale}/${name}.ts lacks keys`);
      assert.deepEqual(extra, [], `${locale}/${name}.ts has keys pt-BR does not`);
      for (const [key, value] of source) {
        const other = translated.get(key);
        assert.equal(describe(other), describe(value), `${locale}/${name}.ts ${key}: pt-BR is a ${describe(value)}`);
        assert.ok(typeof other === 'string' && other.trim() !== '', `${locale}/${name}.ts ${key}: empty text`);
        if (describe(value) === 'message') {
          // the same values; a language may count one (a plural) where another just prints it
          assert.deepEqual(
            [...argumentsOf(other as string).keys()].sort(),
            [...argumentsOf(value as string).keys()].sort(),
            `${locale}/${name}.ts ${key}: the message takes other values than pt-BR's`,
          );
        } else if (typeof value === 'string' && /\{\s*\w+\s*[,}]/.test(value)) {
          assert.fail(`pt-BR/${name}.ts ${key}: '${value}' looks like a message with values but is not written with icu()`);
        }
      }
    }
  });
}

test('the build parses every message of every catalogue file (the browser has no ICU parser)', () => {
  for (const locale of ['pt-BR', ...TRANSLATIONS]) {
    for (const file of fs.readdirSync(path.join(here, locale))) {
      const code = fs.readFileSync(path.join(here, locale, file), 'utf8');
      const written = (code.match(/\bicu\s*(<|\()/g) ?? []).length;
      assert.equal(precompileCatalogue(code).calls, written, `${locale}/${file}: every icu(…) call is a single string literal the build can parse`);
    }
  }
});

test('the shared catalogues (messages, start, server errors) have every key of the Portuguese in both translations', async () => {
  const pairs: [string, object][] = [
    ['messages', msg],
    ['start', startMsg],
    ['server-errors', Object.fromEntries(Object.entries(serverErrors).map(([code, e]) => [code, e.message]))],
  ];
  for (const [name, source] of pairs) {
    for (const locale of TRANSLATIONS) {
      const translated = (await catalogue(locale, name)) as Record<string, unknown>;
      assert.ok(translated, `${locale}/${name}.ts has a default export`);
      assert.deepEqual(
        Object.keys(source).filter((k) => !(k in translated)),
        [],
        `${locale}/${name}.ts lacks keys`,
      );
      assert.deepEqual(Object.keys(translated).filter((k) => !(k in source)), [], `${locale}/${name}.ts has keys the Portuguese does not`);
      for (const [key, value] of Object.entries(source)) {
        assert.equal(typeof translated[key], typeof value, `${locale}/${name}.ts ${key}: pt-BR is a ${typeof value}`);
      }
    }
  }
});

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return p === here ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const files = sourceFiles(src).map((file) => ({ file: path.relative(src, file), text: fs.readFileSync(file, 'utf8') }));

/** The name a component imports a catalogue by: i18n/video-list.ts → videoListCatalogue. */
const declaredName = (name: string): string => {
  const declaration = fs.readFileSync(path.join(here, `${name}.ts`), 'utf8');
  const m = /export const (\w+) = defineTexts\('([\w-]+)'/.exec(declaration);
  assert.ok(m && m[2] === name, `i18n/${name}.ts declares the catalogue '${name}' with defineTexts`);
  return m[1]!;
};

for (const name of features) {
  test(`catalogue ${name}: every key is shown somewhere in the panel`, async () => {
    const variable = declaredName(name);
    // the files that read the catalogue, and its feature's own files (which may be handed its texts)
    const users = files.filter((f) => new RegExp(`\\b${variable}\\b`).test(f.text) || f.file.startsWith(`features/${name}/`)).map((f) => f.text);
    assert.ok(users.length > 0, `no file reads ${variable}`);
    const used = (key: string): boolean => {
      const parts = key.split('.');
      const leaf = parts[parts.length - 1]!;
      // the text itself, by name (`texts.title`, `{ title }`, `'title'` as a dynamic key)
      if (!/^\d+$/.test(leaf) && users.some((t) => new RegExp(`[.'"\`{,\\s]${leaf}\\b`).test(t))) return true;
      // or a group read as a whole: a list shown item by item, a record indexed by state, a group taken apart
      return parts.slice(0, -1).some((group) => users.some((t) =>
        new RegExp(`\\.${group}(?:\\.(?:map|join|filter|forEach|flatMap|slice|some|every|find|entries|length)\\b|(?![\\w.]|\\s*\\())`).test(t)
        || new RegExp(`[{,]\\s*${group}\\s*[},:]`).test(t)));
    };
    const unused = leaves(await catalogue('pt-BR', name))
      .map((l) => l.path)
      .filter((k) => !used(k));
    assert.deepEqual(unused, [], `keys of ${name} no page shows: remove them from the three languages`);
  });
}

test('pages read their texts through the catalogues, never the Portuguese files or the server\'s messages directly', () => {
  const offenders = files
    .filter((f) => /from '(@\/i18n|\.\.?(\/\.\.)*\/i18n)\/pt-BR\//.test(f.text) || /import \{[^}]*\b(msg|startMsg)\b[^}]*\} from '@painel\/contract'/.test(f.text))
    .map((f) => f.file);
  assert.deepEqual(offenders, []);
});

test('no page writes figures or dates in a fixed language', () => {
  const offenders = files.filter((f) => /Intl\.\w+\(\s*'pt-BR'|toLocale\w*String\(\s*'pt-BR'/.test(f.text)).map((f) => f.file);
  assert.deepEqual(offenders, []);
});

test('a message or start text that is a server error in Portuguese is that error\'s text in every translation (written out: the first pages load them without the server errors)', async () => {
  const errorsPt = Object.entries(serverErrors).filter(([, e]) => typeof e.message === 'string');
  for (const [name, source] of [['messages', msg], ['start', startMsg]] as const) {
    for (const locale of TRANSLATIONS) {
      const translated = (await catalogue(locale, name)) as Record<string, unknown>;
      const errors = (await catalogue(locale, 'server-errors')) as Record<string, unknown>;
      for (const [key, text] of Object.entries(source)) {
        const codes = errorsPt.filter(([, e]) => e.message === text).map(([code]) => code);
        if (codes.length === 0) continue;
        assert.ok(codes.some((code) => errors[code] === translated[key]), `${locale}/${name}.ts ${key}: not the text of ${codes.join(' / ')} in server-errors`);
      }
    }
  }
});
