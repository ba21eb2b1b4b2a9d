import { compileTexts, type Texts } from './compile.ts';
import type { Message } from './message.ts';
import { activateLocale, activeLocale, isLocale, localeFromBrowser, SOURCE_LOCALE, type Locale } from './locale-store.ts';
import type { Translation } from './index.ts';

/**
 * The panel's texts at run time. A catalogue is defined once, by name, with its Portuguese
 * source (`defineTexts('relay', relayPt)`); its translations are the files `en-US/relay.ts` and
 * `es-ES/relay.ts`, each its own small chunk loaded the first time the panel is shown in that
 * language. A component reads its texts with `useTexts(catalogue)`: Portuguese strings in pt-BR,
 * the translation otherwise, messages with values as functions of them. Changing the language
 * (`setLocale`) loads what the catalogues in use need, then re-renders every component showing a
 * text, without reloading the page.
 */

export interface Catalogue<T> {
  readonly name: string;
  /** The Portuguese texts; undefined at run time for a catalogue whose Portuguese is loaded apart (see `apart`). */
  readonly source: T;
  /** Whether its Portuguese is a file loaded like a translation ('./pt-BR/<name>.ts'), not in the declaring module. */
  readonly apart: boolean;
}

declare const apartOf: unique symbol;
/** The Portuguese of a catalogue, loaded apart: only a browser showing the panel in Portuguese loads it. */
export type Apart<T> = { readonly [apartOf]: T };
const APART = Symbol('apart');

/**
 * For a catalogue of the first pages (the login screen, the shell, the dashboard): its Portuguese
 * becomes a chunk of its own, loaded like a translation, so a browser in another language loads
 * only its own: `defineTexts('common', apart<typeof source>())` with `import type source from './pt-BR/common.ts'`.
 */
export const apart = <T>(): Apart<T> => APART as unknown as Apart<T>;

type Loader = () => Promise<{ default: unknown }>;

// every translation file, each loaded on demand: './en-US/relay.ts' → its module. Vite writes
// this call out at build time; run outside Vite (the web's unit tests under node) there is no such
// function, the call throws, and the texts stay Portuguese.
let translationFiles: Record<string, Loader> = {};
/** Outside Vite: a catalogue's Portuguese loaded apart, read at once (the file's default export). */
let readNow: ((file: string) => unknown) | undefined;
try {
  translationFiles = import.meta.glob<{ default: unknown }>(['./en-US/*.ts', './es-ES/*.ts', './pt-BR/*.ts']) as Record<string, Loader>;
} catch {
  translationFiles = {};
  // the unit tests under node: the Portuguese of a catalogue loaded apart is required synchronously
  const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const nodeModule = node?.getBuiltinModule?.('node:module') as { createRequire: (from: string) => (id: string) => { default: unknown } } | undefined;
  if (nodeModule) {
    const req = nodeModule.createRequire(import.meta.url);
    readNow = (file) => req(file).default;
  }
}

const catalogues = new Map<string, Catalogue<unknown>>();
const translations = new Map<string, unknown>(); // 'en-US/relay' → the file's catalogue
const loading = new Map<string, Promise<void>>();
const compiled = new Map<string, unknown>(); // 'en-US/relay' → Texts

const keyOf = (locale: Locale, name: string) => `${locale}/${name}`;

export function load(locale: Locale, name: string): Promise<void> {
  const key = keyOf(locale, name);
  let pending = loading.get(key);
  if (!pending) {
    const loader = translationFiles[`./${key}.ts`];
    pending = loader
      ? loader().then((module) => {
          translations.set(key, module.default);
        })
      : Promise.reject(new Error(`translation ${key} not found`));
    loading.set(key, pending);
    // a failed load (the network dropped) may be tried again on the next render
    pending.catch(() => loading.delete(key));
  }
  return pending;
}

export const isLoaded = (locale: Locale, name: string) =>
  (locale === SOURCE_LOCALE && !catalogues.get(name)?.apart) || translations.has(keyOf(locale, name));

export function textsIn<T>(catalogue: Catalogue<T>, locale: Locale): Texts<T> {
  const key = keyOf(locale, catalogue.name);
  let texts = compiled.get(key);
  if (texts === undefined) {
    const source = locale === SOURCE_LOCALE && !catalogue.apart ? catalogue.source : translations.get(key);
    texts = compileTexts(source, locale);
    // nothing loaded yet is not remembered: the texts are made once they arrive
    if (source !== undefined) compiled.set(key, texts);
  }
  return texts as Texts<T>;
}

/**
 * Declares a catalogue: its name (the translation files' name) and its Portuguese texts (or
 * `apart()`). What the panel's language needs of it starts loading at once.
 */
export function defineTexts<T>(name: string, source: T | Apart<T>): Catalogue<T> {
  const isApart = (source as unknown) === APART;
  const catalogue: Catalogue<T> = { name, source: (isApart ? undefined : source) as T, apart: isApart };
  catalogues.set(name, catalogue);
  if (isApart && readNow) translations.set(keyOf(SOURCE_LOCALE, name), readNow(`./${keyOf(SOURCE_LOCALE, name)}.ts`));
  // once the importing modules have run: the start may still be choosing the language (main.tsx)
  queueMicrotask(() => {
    const locale = activeLocale();
    if (!isLoaded(locale, name)) void load(locale, name).catch(() => undefined);
  });
  return catalogue;
}

/**
 * Declares a catalogue whose Portuguese is not in the panel (the server's error messages, which
 * come in its answers): only its translations are loaded, and `translationNow` gives nothing in
 * pt-BR.
 */
export function defineTranslation<T>(name: string): Catalogue<T> {
  return defineTexts(name, undefined as T);
}

/** A translation-only catalogue in the panel's language; undefined in pt-BR or before it has loaded. */
export function translationNow<T>(catalogue: Catalogue<T>): Texts<T> | undefined {
  const locale = activeLocale();
  return locale !== SOURCE_LOCALE && isLoaded(locale, catalogue.name) ? textsIn(catalogue, locale) : undefined;
}

/**
 * A catalogue's texts in the panel's language now, for code that runs outside rendering (a toast
 * after a request, a confirmation). Before a translation has loaded: the Portuguese text.
 */
export function textsNow<T>(catalogue: Catalogue<T>): Texts<T> {
  const locale = activeLocale();
  return textsIn(catalogue, isLoaded(locale, catalogue.name) || !isLoaded(SOURCE_LOCALE, catalogue.name) ? locale : SOURCE_LOCALE);
}

/**
 * Resolves once every catalogue declared so far has its translation in the active language (a
 * failed load is let go: its texts show in Portuguese). The page loader and the start wait for it,
 * so a page is drawn with its texts already there instead of suspending half-way.
 */
export async function translationsReady(): Promise<void> {
  const locale = activeLocale();
  await Promise.all([...catalogues.keys()].filter((n) => !isLoaded(locale, n)).map((n) => load(locale, n).catch(() => undefined)));
}

const pendingSwitch = { seq: 0 };

/**
 * Shows the panel in a language: loads the translations of every catalogue in use, then
 * switches every component at once. The last call wins when several overlap.
 */
export async function setLocale(locale: Locale): Promise<void> {
  const seq = ++pendingSwitch.seq;
  await Promise.all([...catalogues.keys()].filter((n) => !isLoaded(locale, n)).map((n) => load(locale, n)));
  if (seq === pendingSwitch.seq) activateLocale(locale);
}

const REMEMBERED = 'painel.idioma';

/** The language chosen last on this browser (at login or in the account's settings). */
export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(REMEMBERED, locale);
  } catch {
    // storage may be unavailable (private mode); the browser's language is used next time
  }
}

/**
 * The language before anyone signs in: the one chosen last on this browser, or else the
 * browser's own among the three, or else pt-BR. Active at once; translations load as components
 * ask for them.
 */
export function startLocale(): Locale {
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(REMEMBERED);
  } catch {
    remembered = null;
  }
  const locale = isLocale(remembered) ? remembered : localeFromBrowser(navigator.languages ?? [navigator.language]);
  activateLocale(locale);
  return locale;
}

export type { Locale, Message, Texts, Translation };
