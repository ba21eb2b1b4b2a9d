import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator } from 'kysely/migration';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Compilable, type Generated, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from '../db/migrations/index.ts';
import type { ViewerKind, ViewerOrigin } from '@painel/contract';

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  usuario: string;
  nome: string;
  tipo: 'revenda' | 'streaming';
  password_hash: string;
  token_version: Generated<number>;
  ftp_password: string;
  bitrate: number;
  espectadores: number;
  espaco: number;
  /** Lives (one ffmpeg each) running at the same instant; see migration 010. */
  max_lives_ativas: Generated<number>;
  /** Lives not over yet (scheduled or running). */
  max_lives: Generated<number>;
  /** Bookings (agendamentos). */
  max_agendamentos: Generated<number>;
  revenda_id: number | null;
  codigo_servidor: number | null;
  codigo_cliente: number | null;
  disabled: Generated<number>;
  /** What OBS carries in the stream key; null until first needed (accounts made after migration 002). */
  stream_secret: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserSettingsTable {
  user_id: number;
  menu_items: string;
  sidebar_collapsed: number;
  notifications_enabled: number;
  auto_refresh: number;
  refresh_interval: number;
  language: string;
  timezone: string;
  updated_at: string;
}

export interface AuthFailuresTable {
  id: Generated<number>;
  key: string;
  at: number;
}

export interface FoldersTable {
  id: Generated<number>;
  user_id: number;
  nome: string;
  created_at: string;
  updated_at: string;
}

export interface VideosTable {
  id: Generated<number>;
  user_id: number;
  folder_id: number;
  nome: string;
  arquivo: string;
  tamanho: number;
  duracao: number;
  formato_original: string;
  is_mp4: number;
  codec_video: string;
  codec_audio: string | null;
  pix_fmt: string | null;
  largura: number;
  altura: number;
  bitrate_video: number;
  otimizado: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface UploadReservationsTable {
  id: Generated<number>;
  user_id: number;
  bytes: number;
  updated_at: number;
}

export interface TransmissionsTable {
  id: Generated<number>;
  user_id: number;
  node_id: number;
  tipo: 'obs' | 'playlist' | 'relay';
  titulo: string;
  codigo_playlist: number | null;
  stream_name: string;
  status: 'waiting' | 'live' | 'ended';
  platform_ids: string;
  client_id: string | null;
  publish_addr: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  end_reason: string | null;
  peak_bitrate: Generated<number>;
  peak_viewers: Generated<number>;
}

export interface ViewerSessionsTable {
  id: Generated<number>;
  user_id: number;
  session_key: string;
  source: string;
  ip_hash: string;
  user_agent: string;
  started_at: string;
  last_seen_at: string;
  ended_at: string | null;
  tipo: Generated<ViewerKind>;
  origem: Generated<ViewerOrigin>;
  /** An outside player's client key (channel, address, user agent) while its session is open. */
  cliente: string | null;
  codigo_pais: Generated<string>;
  cidade: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  dispositivo: Generated<string>;
  navegador: Generated<string>;
  /** Seconds watched: from the start to the last sign of life. */
  segundos: Generated<number>;
  /** 1 once the worker has summed the ended session into viewer_rollups. */
  rolled: Generated<number>;
}

/** Ended viewer sessions summed per hour: see migration 008. */
export interface ViewerRollupsTable {
  hora: string;
  user_id: number;
  dim: 'c' | 'd' | 'b' | 'h';
  chave: string;
  codigo_pais: Generated<string>;
  cidade: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  sessoes: Generated<number>;
  segundos: Generated<number>;
}

export interface LogosTable {
  id: Generated<number>;
  user_id: number;
  nome: string;
  arquivo: string;
  mime: string;
  tamanho: number;
  created_at: string;
}

export interface PlayerSettingsTable {
  user_id: number;
  player_type: string;
  watermark_enabled: number;
  logo_id: number | null;
  watermark_position: string;
  watermark_opacity: number;
  updated_at: string;
}

export interface MediaServicesTable {
  node_id: number;
  name: string;
  state: string;
  pid: number | null;
  restarts: Generated<number>;
  last_error: string | null;
  control_url: string | null;
  changed_at: string;
  heartbeat_at: string;
}

export interface AccountEventsTable {
  id: Generated<number>;
  user_id: number;
  tipo: string;
  detalhe: string;
  created_at: string;
}

export interface RevokedSessionsTable {
  sid: string;
  /** epoch seconds: when the token would have expired anyway */
  expires_at: number;
}

/** 'failing': restarted over and over (error holds the last reason); still retried, unlike 'error'. */
export type ProcessState = 'scheduled' | 'starting' | 'live' | 'reconnecting' | 'failing' | 'held' | 'error' | 'finished';

export interface MediaProcessesTable {
  id: Generated<number>;
  user_id: number;
  node_id: number;
  kind: 'restream' | 'playout' | 'relay';
  desired: 'running' | 'stopped';
  /** Set while something else holds the channel (OBS live): wanted, but not run now. */
  held: Generated<number>;
  start_at: string;
  end_at: string | null;
  transmission_id: number | null;
  state: ProcessState;
  error: string | null;
  pid: number | null;
  restarts: Generated<number>;
  state_at: string;
  started_at: string | null;
  ended_at: string | null;
  created_at: string;
}

export interface LivesTable {
  id: Generated<number>;
  user_id: number;
  process_id: number;
  tipo: string;
  servidor_rtmp: string;
  /** Sealed with the data folder's key; opened only by the worker that pushes to it. */
  chave: string;
  servidor_stm: string;
  transmission_id: number | null;
  created_at: string;
}

export interface PlaylistsTable {
  id: Generated<number>;
  user_id: number;
  nome: string;
  created_at: string;
  updated_at: string;
}
export interface PlaylistVideosTable {
  id: Generated<number>;
  playlist_id: number;
  video_id: number;
  ordem: number;
}
export interface CommercialsTable {
  id: Generated<number>;
  user_id: number;
  playlist_id: number;
  folder_id: number;
  quantidade: number;
  intervalo: number;
  ativo: number;
  created_at: string;
  updated_at: string;
}
export interface BookingsTable {
  id: Generated<number>;
  user_id: number;
  playlist_id: number;
  shuffle: number;
  frequencia: 'diariamente' | 'dias_da_semana' | 'uma_vez';
  dias_semana: string;
  ending_playlist_id: number | null;
  inicio: string;
  last_occurrence: string | null;
  last_run_at: string | null;
  last_delay_s: number | null;
  /** A lower bound of the next occurrence's instant (ISO): the worker looks at the row from then on. */
  next_due_at: Generated<string>;
  created_at: string;
  updated_at: string;
}
export interface PlayoutsTable {
  id: Generated<number>;
  process_id: number;
  user_id: number;
  playlist_id: number | null;
  ending_playlist_id: number | null;
  booking_id: number | null;
  shuffle: number;
  loop: number;
  cursor: string;
  current_video_id: number | null;
  current_name: string | null;
  current_commercial: Generated<number>;
  current_started_at: string | null;
  current_offset: Generated<number>;
  played: Generated<number>;
  created_at: string;
}
export interface PlayoutPlaysTable {
  id: Generated<number>;
  process_id: number;
  video_id: number | null;
  nome: string;
  comercial: number;
  skipped: string | null;
  at: string;
}
/** One installable web app per account (the published page at /webapp/{login}/). */
export interface WebappsTable {
  user_id: number;
  nome: string;
  email: Generated<string>;
  whatsapp: Generated<string>;
  url_facebook: Generated<string>;
  url_instagram: Generated<string>;
  url_twitter: Generated<string>;
  url_site: Generated<string>;
  url_youtube: Generated<string>;
  cor_texto: Generated<string>;
  cor_menu_claro: Generated<string>;
  cor_menu_escuro: Generated<string>;
  cor_splash: Generated<string>;
  /** File names under the account's app folder. */
  logo: string | null;
  background: string | null;
  text_prog: Generated<string>;
  text_hist: Generated<string>;
  modelo: Generated<number>;
  chat: Generated<number>;
  contador: Generated<number>;
  created_at: string;
  updated_at: string;
}
export interface WebappBannersTable {
  id: Generated<number>;
  user_id: number;
  nome: string;
  link: Generated<string>;
  imagem: string;
  exibicoes: Generated<number>;
  cliques: Generated<number>;
  created_at: string;
}
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  /** Keyed hash of the subscriber's address, per channel ('' for rows made before it was kept). */
  ip_hash: Generated<string>;
}
export interface PushNotificationsTable {
  id: Generated<number>;
  user_id: number;
  titulo: string;
  icone: string;
  imagem: string | null;
  link: Generated<string>;
  mensagem: string;
  enviados: Generated<number>;
  falhas: Generated<number>;
  created_at: string;
}
export interface ChatMessagesTable {
  id: Generated<number>;
  user_id: number;
  nome: string;
  mensagem: string;
  ip_hash: string;
  created_at: string;
}
export interface AndroidConfigsTable {
  user_id: number;
  webtv_nome: string;
  webtv_facebook: Generated<string>;
  webtv_twitter: Generated<string>;
  webtv_site: Generated<string>;
  webtv_descricao: Generated<string>;
  versao: Generated<string>;
  tema: Generated<string>;
  app_email: Generated<string>;
  app_whatsapp: Generated<string>;
  app_url_facebook: Generated<string>;
  app_url_instagram: Generated<string>;
  app_url_twitter: Generated<string>;
  app_url_site: Generated<string>;
  app_cor_texto: Generated<string>;
  app_cor_menu_claro: Generated<string>;
  app_cor_menu_escuro: Generated<string>;
  app_tela_inicial: Generated<number>;
  chat: Generated<number>;
  logo: string;
  icone: string;
  fundo: string;
  created_at: string;
  updated_at: string;
}
/** Every APK built; status 0 building, 1 done (zip), 2 error (aviso). */
export interface AndroidAppsTable {
  id: Generated<number>;
  user_id: number;
  origem: 'android' | 'multiplataforma';
  nome: string;
  versao: string;
  status: Generated<number>;
  aviso: Generated<string>;
  zip: string | null;
  created_at: string;
  updated_at: string;
}
export type JobKind = 'download' | 'migration' | 'conversion' | 'sync' | 'apk';
export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  user_id: number;
  kind: JobKind;
  subject_id: Generated<number>;
  state: JobState;
  input: string;
  detail: string;
  progress: Generated<number>;
  result: string | null;
  error: string | null;
  cancel: Generated<number>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  node_id: number | null;
  worker: string | null;
  lease_until: string | null;
  pid: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

export interface RelaysTable {
  id: Generated<number>;
  process_id: number;
  user_id: number;
  /** Sealed with the data folder's key. */
  url: string;
  tipo: 'rtmp' | 'm3u8';
  created_at: string;
}

export interface Database {
  webapps: WebappsTable;
  webapp_banners: WebappBannersTable;
  push_subscriptions: PushSubscriptionsTable;
  push_notifications: PushNotificationsTable;
  chat_messages: ChatMessagesTable;
  android_configs: AndroidConfigsTable;
  android_apps: AndroidAppsTable;
  jobs: JobsTable;
  relays: RelaysTable;
  playlists: PlaylistsTable;
  playlist_videos: PlaylistVideosTable;
  commercials: CommercialsTable;
  bookings: BookingsTable;
  playouts: PlayoutsTable;
  playout_plays: PlayoutPlaysTable;
  media_processes: MediaProcessesTable;
  lives: LivesTable;
  revoked_sessions: RevokedSessionsTable;
  transmissions: TransmissionsTable;
  viewer_sessions: ViewerSessionsTable;
  viewer_rollups: ViewerRollupsTable;
  logos: LogosTable;
  player_settings: PlayerSettingsTable;
  media_services: MediaServicesTable;
  account_events: AccountEventsTable;
  accounts: AccountsTable;
  user_settings: UserSettingsTable;
  auth_failures: AuthFailuresTable;
  folders: FoldersTable;
  videos: VideosTable;
  upload_reservations: UploadReservationsTable;
}

export type Db = Kysely<Database>;

/** A unique-constraint violation in either dialect (a name taken by a concurrent request, a second active job). */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
export type Tx = Transaction<Database> | Db;

/** A placeholder for argument `i` of a query compiled once (see compileOnce). */
const slot = (i: number): string => `\u0000arg${i}\u0000`;

/**
 * A query of a fixed shape whose SQL is built and compiled once, then run with new values.
 * Building and compiling a query costs about as much as running a small one on SQLite, which
 * matters on paths every request takes (the session check). `build` receives placeholders
 * for its arguments and must use each one as a plain value (no IN lists, no values that change
 * the SQL's shape).
 */
export function compileOnce<A extends unknown[], R>(db: Db, arity: A['length'], build: (...args: A) => Compilable<R>): (...args: A) => Promise<R[]> {
  const compiled = build(...(Array.from({ length: arity }, (_, i) => slot(i)) as A)).compile();
  const at = compiled.parameters.map((p) => {
    const m = typeof p === 'string' ? /^\u0000arg(\d+)\u0000$/.exec(p) : null;
    return m ? Number(m[1]) : -1;
  });
  return async (...args: A) => {
    const parameters = compiled.parameters.map((p, i) => (at[i]! >= 0 ? args[at[i]!] : p));
    const r = await db.executeQuery<R>({ ...compiled, parameters });
    return r.rows;
  };
}
export type Dialect = 'sqlite' | 'postgres';

export interface OpenDb {
  db: Db;
  dialect: Dialect;
}

/** DATA_DIR holds the database, the secrets and every account's files: readable by its owner only. */
export function ensureDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
}

/** SQLite file in DATA_DIR by default; PostgreSQL when the URL says postgres://. */
export function openDb(opts: { databaseUrl?: string | undefined; dataDir: string }): OpenDb {
  const url = opts.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // counts and sums come back as strings otherwise
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // an idle connection the server ends (a PostgreSQL restart, a failover) is an 'error' on the
    // pool; without a listener it would take the whole process down. The pool drops that
    // connection and opens a new one for the next query.
    pool.on('error', (e) => console.error(`[db] conexão ociosa encerrada pelo PostgreSQL: ${e.message}`));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const file = url?.startsWith('sqlite:') ? url.slice('sqlite:'.length) : path.join(opts.dataDir, 'painel.db');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // password hashes and sealed secrets live here: the owner only, also for the WAL files
  // (SQLite gives those the database file's mode)
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o600);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), dialect: 'sqlite' };
}

/**
 * The database as Kysely's SQLite driver uses it, with its prepared statements kept: the driver
 * prepares every query anew, which costs more than running the small ones (a heartbeat's). A
 * statement runs to completion in one synchronous call (the panel never streams rows from
 * SQLite), so one compiled statement serves every query of the same text.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (text: string) => {
          let stmt = cache.get(text);
          if (!stmt) {
            stmt = target.prepare(text);
            // texts with values written in (IN lists of varying length) would grow it without end
            if (cache.size >= 1000) cache.clear();
            cache.set(text, stmt);
          }
          return stmt;
        };
      }
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

export async function migrate({ db, dialect }: OpenDb): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migração falhou: ${failed?.migrationName ?? ''} ${String(error)}`);
}

export const nowIso = (): string => new Date().toISOString();

/** Whether the database answers (health and the dashboard's status block). */
export const ping = (db: Db): Promise<boolean> => sql`select 1 as one`.execute(db).then(() => true, () => false);
export const bool = (v: number | boolean): boolean => v === true || v === 1;
