/**
 * The web's screen texts, one file per feature and language: `pt-BR/<feature>.ts` is the source
 * (its default export), and `en-US/<feature>.ts`, `es-ES/<feature>.ts` export by default a
 * catalogue of the same shape (`FeatureTexts<'relay'>`). `i18n/<feature>.ts` declares the
 * catalogue (store.ts `defineTexts`); a page imports only its own features' declarations, so
 * each page's chunk carries only its Portuguese texts, and a translation is its own chunk loaded
 * when the panel is shown in that language. Messages the server also sends (`msg`) and its error
 * messages are Portuguese in @painel/contract; `messages.ts` and `server-errors.ts` translate them.
 *
 * This module has types only: importing it adds nothing to a bundle.
 */
import type { msg, startMsg } from '@painel/contract';
import type { Message } from './message.ts';

export type { Locale } from './locale-store.ts';

/** Each catalogue file by its name: the features' folders, plus common, shell, auth and the published app (webapp). */
interface Catalogue {
  'android-app': typeof import('./pt-BR/android-app.ts').default;
  audience: typeof import('./pt-BR/audience.ts').default;
  auth: typeof import('./pt-BR/auth.ts').default;
  commercials: typeof import('./pt-BR/commercials.ts').default;
  common: typeof import('./pt-BR/common.ts').default;
  'connection-data': typeof import('./pt-BR/connection-data.ts').default;
  conversion: typeof import('./pt-BR/conversion.ts').default;
  dashboard: typeof import('./pt-BR/dashboard.ts').default;
  downloads: typeof import('./pt-BR/downloads.ts').default;
  'ftp-migration': typeof import('./pt-BR/ftp-migration.ts').default;
  lives: typeof import('./pt-BR/lives.ts').default;
  management: typeof import('./pt-BR/management.ts').default;
  'multiplatform-app': typeof import('./pt-BR/multiplatform-app.ts').default;
  players: typeof import('./pt-BR/players.ts').default;
  playlists: typeof import('./pt-BR/playlists.ts').default;
  relay: typeof import('./pt-BR/relay.ts').default;
  schedules: typeof import('./pt-BR/schedules.ts').default;
  settings: typeof import('./pt-BR/settings.ts').default;
  shell: typeof import('./pt-BR/shell.ts').default;
  videos: typeof import('./pt-BR/videos.ts').default;
  webapp: typeof import('./pt-BR/webapp.ts').default;
}

export type Feature = keyof Catalogue;

/**
 * The shape a translation must have: the same keys, lists of the same length, ICU messages of the
 * same values (message.ts `icu`); every text a string of its own (the pt-BR literals are not
 * required). Functions appear only in the catalogues shared with the server (`msg`), whose
 * Portuguese is code in @painel/contract.
 */
export type Translation<T> =
  T extends Message<infer V>
    ? Message<V>
    : T extends string
      ? string
      : T extends number | boolean
        ? T
        : T extends (...args: infer A) => string
          ? (...args: A) => string
          : { readonly [K in keyof T]: Translation<T[K]> };

export type FeatureTexts<F extends Feature> = Translation<Catalogue[F]>;

/**
 * The server's error messages in a language, by code (packages/contract errors.ts): written in
 * @painel/contract (server-errors/), which the server answers with too.
 */
export type { ServerErrorTexts } from '@painel/contract/server-errors/texts';

/** The messages of `msg` (packages/contract messages.ts and start-texts.ts) the panel shows, in a language. */
export type MessageTexts = Translation<typeof msg>;

/** The messages of signing in and out and of the error screen (`startMsg`), which the login page loads alone. */
export type StartTexts = Translation<typeof startMsg>;
