import { z } from 'zod';
import { hasControlChars, noControlChars } from './control-chars.ts';
import { VIDEO_EXTENSIONS } from './library.ts';
import { msg } from './messages.ts';

/*
 * FTP migration: the customer's videos on an old host's FTP server are brought into a folder of
 * the library. Every call needs the session and acts on the acting account only.
 *
 *   GET  /api/ftp/connection-status                         → FtpConnectionStatus
 *   POST /api/ftp/connect        {ip, usuario, senha, porta} → FtpConnectResponse   400 502
 *   POST /api/ftp/list           {path}                     → FtpListResponse      400 409 502
 *   POST /api/ftp/scan-directory {directoryPath}            → FtpScanResponse      400 409 502
 *   POST /api/ftp/disconnect                                → { success, message }
 *   POST /api/ftp/migrate        {files, destinationFolder} → { success, message }  400 404 409
 *   GET  /api/ftp/migration-status                          → MigrationStatus
 *   POST /api/ftp/cancel-migration                          → { success, message }  404
 *
 * The browsing session (connect, list, scan) is held by the API for the account; the migration
 * is a job the media worker runs with its own connection, so it goes on when the page closes.
 */

export const FTP_DEFAULT_PORT = 21;
/** Files one migration takes: a job's progress and error list stay small enough to read every second. */
export const FTP_MIGRATION_MAX_FILES = 200;
/** The progress popup lists this many errors, then a count of the rest. */
export const FTP_ERRORS_SHOWN = 5;
export const FTP_PATH_MAX = 1024;
export const FTP_TIMINGS = {
  /** Migration status is polled this often while a migration runs. */
  migrationPollMs: 5000,
} as const;

/** Only these can be ticked for migration (MP4, AVI, MOV, WMV, FLV, WebM, MKV). */
export function isFtpVideoName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && (VIDEO_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
}

/** The last segment of a remote path, as shown to the user. */
export function remoteBaseName(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || '/';
}

/**
 * An absolute remote path. CR and LF would end the FTP command and start another one on the
 * control connection, and NUL cuts names in many servers: those, like every other control
 * character, are refused (the listing leaves out entries so named, see isRemoteName).
 */
export function isRemotePath(p: string): boolean {
  return p.startsWith('/') && p.length <= FTP_PATH_MAX && !hasControlChars(p);
}

/** Whether a name from a remote listing can become a path the migration accepts. */
export const isRemoteName = (name: string): boolean => !hasControlChars(name);

/** A host name, an IPv4 address or an IPv6 address (bracketed or not); nothing else reaches the guard. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[0-9a-f]*:[0-9a-f:.]*|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)$/i;

// the login goes into the USER command and the host to the resolver: no control characters
const required = (max: number) =>
  noControlChars(z.string({ error: msg.ftpFieldsRequired }).trim().min(1, msg.ftpFieldsRequired).max(max, msg.invalidData));

/** The port typed in the form: anything that is not a port number falls back to 21. */
function portOf(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v.trim()) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 65535 ? n : FTP_DEFAULT_PORT;
}

export const ftpConnectBody = z.object({
  ip: required(255)
    // people paste addresses as they see them in other FTP programs
    .transform((s) => s.replace(/^ftp:\/\//i, '').replace(/\/+$/, ''))
    .pipe(z.string().min(1, msg.ftpFieldsRequired).regex(HOST, msg.ftpInvalidHost)),
  usuario: required(255),
  // a password is sent as typed (spaces and tabs included: PASS takes any character but CR and
  // LF), but a blank one is "not filled in"
  senha: noControlChars(
    z.string({ error: msg.ftpFieldsRequired }).max(255, msg.invalidData).refine((s) => s.trim().length > 0, msg.ftpFieldsRequired),
    { allowTab: true },
  ),
  porta: z.unknown().transform(portOf),
});
export type FtpConnectBody = z.infer<typeof ftpConnectBody>;

const remotePath = z.string({ error: msg.ftpRemotePathInvalid }).refine(isRemotePath, msg.ftpRemotePathInvalid);

export const ftpListBody = z.object({ path: remotePath.optional().default('/') });
export const ftpScanBody = z.object({ directoryPath: remotePath });

export const ftpMigrateBody = z.object({
  files: z
    .array(z.string({ error: msg.ftpRemotePathInvalid }), { error: msg.ftpSelectFile })
    .min(1, msg.ftpSelectFile)
    .transform((files) => [...new Set(files)])
    .superRefine((files, ctx) => {
      if (files.length > FTP_MIGRATION_MAX_FILES) {
        ctx.addIssue({ code: 'custom', message: msg.ftpTooManyFiles(FTP_MIGRATION_MAX_FILES) });
        return;
      }
      for (const f of files) {
        const problem = !isRemotePath(f) ? msg.ftpRemotePathInvalid : !isFtpVideoName(remoteBaseName(f)) ? msg.ftpOnlyVideos(remoteBaseName(f)) : null;
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return;
        }
      }
    }),
  destinationFolder: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
    z.number({ error: msg.ftpSelectFolder }).int(msg.ftpSelectFolder).positive(msg.ftpSelectFolder),
  ),
});
export type FtpMigrateBody = z.infer<typeof ftpMigrateBody>;

/** One line of the remote listing. */
export interface FtpEntry {
  /** As the server lists it; shown as text, never used as a local path. */
  name: string;
  /** The remote path to list or migrate it. */
  path: string;
  type: 'file' | 'directory';
  isVideo: boolean;
  /** Bytes, as listed (0 for directories). */
  size: number;
}

/** A video found by a scan of a directory tree. */
export interface ScannedVideo {
  name: string;
  path: string;
  /** The remote directory it is in. */
  directory: string;
  size: number;
}

export interface FtpConnectionStatus {
  success: true;
  connected: boolean;
  host: string | null;
  porta: number | null;
  usuario: string | null;
  /** The directory listed last, where the browser reopens. */
  currentPath: string | null;
}

export interface FtpConnectResponse {
  success: boolean;
  files: FtpEntry[];
  currentPath: string;
  error?: string;
}

export interface FtpListResponse {
  success: true;
  files: FtpEntry[];
  currentPath: string;
}

export interface FtpScanResponse {
  success: true;
  videos: ScannedVideo[];
  scanned_directories: number;
  /** True when a limit (depth, directories, entries, time) stopped the scan before the whole tree was seen. */
  truncated: boolean;
  message?: string;
}

/** idle: no migration yet (or the last one was cancelled). */
export type MigrationState = 'idle' | 'migrating' | 'completed' | 'error';

export interface MigrationStatus {
  success: true;
  /** The migration this status is of (its job), so a page can tell its own from an older one; null when idle. */
  id: number | null;
  migrating: boolean;
  status: MigrationState;
  /** Files processed (migrated or refused) and files in the migration. */
  completed: number;
  total: number;
  /** Files that arrived in the folder. */
  migrated: number;
  /** MB of the files to migrate (as the server reports them), and MB already transferred. */
  total_size: number;
  transferred_size: number;
  /** Percent. */
  progress: number;
  /** Seconds since the migration started (its whole run once it ended). */
  uptime: number;
  /** Minutes (to a tenth), from the rate so far; null until there is a rate to tell. */
  estimated_remaining: number | null;
  /** One text per file that did not arrive, and the reason a migration stopped, if it did. */
  errors: string[];
  /** The file being transferred now. */
  current: string | null;
}

/** The FTP migration page's own texts. */
export const ftpMigrationUi = {
  title: 'Migrar Vídeos via FTP',
  subtitle: 'Traga os vídeos de outro servidor FTP para as pastas do seu painel',
  connectTitle: 'Conectar ao servidor FTP',
  connectDescription: 'Os dados de acesso do servidor onde os vídeos estão hoje',
  ipLabel: 'Servidor (IP ou endereço)',
  ipPlaceholder: 'ftp.exemplo.com.br',
  usuarioLabel: 'Usuário',
  senhaLabel: 'Senha',
  portaLabel: 'Porta',
  connect: 'Conectar',
  connecting: 'Conectando...',
  passwordNote: 'A senha fica só na memória do painel enquanto você navega e, cifrada, até a migração terminar; depois disso não é guardada.',
  browserTitle: 'Arquivos no servidor',
  connectedTo: (host: string, usuario: string) => `Conectado a ${host} como ${usuario}`,
  disconnect: 'Desconectar',
  breadcrumb: 'Caminho',
  root: 'Raiz',
  up: 'Pasta acima',
  refresh: 'Atualizar',
  loading: 'Carregando...',
  emptyDirectory: 'Esta pasta está vazia',
  columnName: 'Nome',
  columnSize: 'Tamanho',
  openDirectory: (name: string) => `Abrir a pasta ${name}`,
  selectFile: (name: string) => `Selecionar ${name}`,
  selectVisible: 'Selecionar os vídeos desta pasta',
  notAVideo: 'Não é vídeo',
  scan: 'Buscar vídeos nas subpastas',
  scanning: 'Buscando...',
  selectionTitle: 'Arquivos selecionados',
  selectionEmpty: 'Marque os vídeos no navegador ao lado ou busque nas subpastas',
  selectionSummary: (n: number, size: string) => `${n} arquivo(s), ${size}`,
  removeFromSelection: (name: string) => `Remover ${name} da seleção`,
  clearSelection: 'Limpar seleção',
  destinationLabel: 'Pasta de destino',
  destinationPlaceholder: 'Selecione uma pasta',
  migrate: 'Migrar Vídeos',
  starting: 'Iniciando...',
  scanTitle: 'Vídeos encontrados',
  scanSummary: (videos: number, dirs: number) => `${videos} vídeo(s) em ${dirs} pasta(s) verificada(s)`,
  selectAll: 'Marcar todos',
  selectNone: 'Desmarcar todos',
  addToSelection: (n: number) => `Adicionar ${n} à seleção`,
  cancel: 'Cancelar',
  progressTitle: 'Migração de vídeos',
  progressLabel: 'Progresso da migração',
  stateMigrating: 'Migrando...',
  stateCompleted: 'Migração concluída',
  stateError: 'Migração com erro',
  filesDone: (done: number, total: number) => `${done} de ${total} arquivo(s)`,
  migratedCount: (n: number) => `${n} vídeo(s) na pasta`,
  sizeLabel: 'Tamanho',
  sizeValue: (done: string, total: string) => `${done} de ${total}`,
  elapsedLabel: 'Tempo decorrido',
  remainingLabel: 'Tempo restante',
  remainingMinutes: (n: number) => (n < 1 ? 'menos de 1 min' : `~${Math.round(n)} min`),
  remainingUnknown: 'calculando...',
  currentFile: (name: string) => `Transferindo: ${name}`,
  errorsTitle: 'Erros',
  cancelMigration: 'Cancelar migração',
  canceling: 'Cancelando...',
  close: 'Fechar',
  showProgress: 'Ver migração em andamento',
  helpTitle: 'Como funciona',
  help: [
    'Só arquivos de vídeo podem ser marcados: MP4, AVI, MOV, WMV, FLV, WebM e MKV.',
    'Cada arquivo é analisado como um envio: o que não for vídeo é recusado e aparece nos erros, sem parar os demais.',
    'O espaço do plano é conferido enquanto os arquivos chegam; quando acaba, os arquivos restantes não são migrados.',
    'A migração continua no servidor mesmo que você feche esta página; volte aqui para acompanhar.',
  ],
} as const;
