/**
 * The web's screen texts, one file per feature and language: `pt-BR/<feature>.ts` is the source,
 * and another language is a folder of files of the same shapes (`en-US/relay.ts` exporting
 * `relayTexts` typed `FeatureTexts<'relay'>`). A page imports only the files of its own features,
 * never a module that gathers them all, so each page's chunk carries only its texts and the login
 * page only `auth` and `common`. Messages the server also sends (`msg`) and texts it draws itself
 * stay in @painel/contract.
 *
 * This module has types only: importing it adds nothing to a bundle.
 */
import type { ErrorValues, ServerErrorCode, msg } from '@painel/contract';
import type { androidAppTexts } from './pt-BR/android-app.ts';
import type { audienceTexts } from './pt-BR/audience.ts';
import type { authTexts } from './pt-BR/auth.ts';
import type { commercialsTexts } from './pt-BR/commercials.ts';
import type { commonTexts } from './pt-BR/common.ts';
import type { connectionDataTexts } from './pt-BR/connection-data.ts';
import type { conversionTexts } from './pt-BR/conversion.ts';
import type { dashboardTexts } from './pt-BR/dashboard.ts';
import type { downloadsTexts } from './pt-BR/downloads.ts';
import type { ftpMigrationTexts } from './pt-BR/ftp-migration.ts';
import type { livesTexts } from './pt-BR/lives.ts';
import type { multiplatformAppTexts } from './pt-BR/multiplatform-app.ts';
import type { playersTexts } from './pt-BR/players.ts';
import type { playlistsTexts } from './pt-BR/playlists.ts';
import type { relayTexts } from './pt-BR/relay.ts';
import type { schedulesTexts } from './pt-BR/schedules.ts';
import type { settingsTexts } from './pt-BR/settings.ts';
import type { shellTexts } from './pt-BR/shell.ts';
import type { videosTexts } from './pt-BR/videos.ts';
import type { webappTexts } from './pt-BR/webapp.ts';

/** The languages the texts are written in; pt-BR is the source the others follow. */
export type Locale = 'pt-BR';

/** Each catalogue file by its name: the features' folders, plus common, shell, auth and the published app (webapp). */
interface Catalogue {
  'android-app': typeof androidAppTexts;
  audience: typeof audienceTexts;
  auth: typeof authTexts;
  commercials: typeof commercialsTexts;
  common: typeof commonTexts;
  'connection-data': typeof connectionDataTexts;
  conversion: typeof conversionTexts;
  dashboard: typeof dashboardTexts;
  downloads: typeof downloadsTexts;
  'ftp-migration': typeof ftpMigrationTexts;
  lives: typeof livesTexts;
  'multiplatform-app': typeof multiplatformAppTexts;
  players: typeof playersTexts;
  playlists: typeof playlistsTexts;
  relay: typeof relayTexts;
  schedules: typeof schedulesTexts;
  settings: typeof settingsTexts;
  shell: typeof shellTexts;
  videos: typeof videosTexts;
  webapp: typeof webappTexts;
}

export type Feature = keyof Catalogue;

/**
 * The shape a translation must have: the same keys, lists of the same length, functions of the
 * same named values; every text a string of its own (the pt-BR literals are not required).
 */
type Translation<T> = T extends string
  ? string
  : T extends number | boolean
    ? T
    : T extends (...args: infer A) => string
      ? (...args: A) => string
      : { readonly [K in keyof T]: Translation<T[K]> };

export type FeatureTexts<F extends Feature> = Translation<Catalogue[F]>;

/**
 * The server's error messages in a language, by code (packages/contract errors.ts): a fixed text,
 * or a function of the same named values as the Portuguese one. The API answers the Portuguese
 * text beside the code; the panel shows the text of the code in the user's language.
 */
export type ServerErrorTexts = {
  readonly [C in ServerErrorCode]: ErrorValues<C> extends undefined ? string : (values: ErrorValues<C>) => string;
};

/** The messages of `msg` (packages/contract messages.ts and start-texts.ts) the panel shows, in a language. */
export type MessageTexts = Translation<typeof msg>;
