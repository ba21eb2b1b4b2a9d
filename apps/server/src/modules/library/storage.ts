import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { VIDEO_NAME_MAX } from '@painel/contract';
import { RENEW_MS, STALE_MS } from './quota.ts';

/** What else a crashed process may leave in .incoming (a deletion's trash) goes after this long. */
const LEFTOVER_MS = 60 * 60_000;
/** A temp path handed out but never created (the upload failed before its first byte) is forgotten after this long. */
const NEVER_CREATED_MS = 10 * 60_000;

/**
 * Where the library lives on disk: data/storage/{login}/{folder}/{generated}.{ext}.
 * Uploads land in data/storage/.incoming first (same file system, so the final rename
 * is atomic; a leading dot keeps it out of every account's tree, since logins cannot
 * start with one), and deletions pass through it so a failed transaction can undo them.
 */
export function createStorage(dataDir: string) {
  const root = path.join(path.resolve(dataDir), 'storage');
  const incoming = path.join(root, '.incoming');
  const hex = () => randomBytes(12).toString('hex');

  function accountDir(login: string): string {
    // logins are validated at account creation; this only guards against a future change
    if (!/^[a-z0-9][a-z0-9_]*$/.test(login)) throw new Error(`login impróprio para diretório: ${login}`);
    return path.join(root, login);
  }
  function folderDir(login: string, nome: string): string {
    const base = accountDir(login);
    const dir = path.join(base, nome);
    if (path.dirname(dir) !== base) throw new Error('nome de pasta escapa do diretório da conta');
    return dir;
  }

  /**
   * The upload temp files of this process, renewed (mtime) every RENEW_MS while they exist, so a
   * slow upload — or one whose bytes are being probed — is never taken for a dead one by a sweep
   * in this or another process. A path is forgotten once its file is gone (placed or removed).
   */
  const live = new Map<string, { since: number; created: boolean }>();
  let renewer: NodeJS.Timeout | null = null;
  async function renewLive(): Promise<void> {
    const at = new Date();
    for (const [p, entry] of live) {
      try {
        await fs.utimes(p, at, at);
        entry.created = true;
      } catch {
        if (entry.created || at.getTime() - entry.since > NEVER_CREATED_MS) live.delete(p);
      }
    }
    if (!live.size && renewer) {
      clearInterval(renewer);
      renewer = null;
    }
  }

  return {
    root,
    incoming,
    accountDir,
    folderDir,
    filePath: (login: string, folder: string, arquivo: string) => path.join(folderDir(login, folder), path.basename(arquivo)),
    /** A generated file name: the user's name never becomes a path. */
    newArquivo: (container: string) => `${hex()}.${/^[a-z0-9]{2,5}$/.test(container) ? container : 'video'}`,
    async tempPath(kind: 'up' | 'trash'): Promise<string> {
      await fs.mkdir(incoming, { recursive: true });
      const p = path.join(incoming, `${kind}-${hex()}`);
      if (kind === 'up') {
        live.set(p, { since: Date.now(), created: false });
        renewer ??= setInterval(() => void renewLive(), RENEW_MS);
        renewer.unref();
      }
      return p;
    },
    /**
     * The real path of a library file, refused when any part of it below the account's
     * directory is a symbolic link (DATA_DIR itself may be a link to a bigger disk).
     */
    async realFile(login: string, p: string): Promise<{ path: string; size: number; mtimeMs: number } | null> {
      try {
        const dir = accountDir(login);
        const [real, base] = await Promise.all([fs.realpath(p), fs.realpath(dir)]);
        if (real !== path.join(base, path.relative(dir, p)) || !real.startsWith(base + path.sep)) return null;
        const st = await fs.lstat(real);
        return st.isFile() ? { path: real, size: st.size, mtimeMs: st.mtimeMs } : null;
      } catch {
        return null;
      }
    },
    /**
     * Removes what a dead process left in .incoming: an upload's temp file not renewed for
     * STALE_MS (its process died), anything else after LEFTOVER_MS. A rename keeps a file's
     * mtime but not its ctime, so the newer of the two says when it was last touched.
     */
    async sweep(): Promise<number> {
      let removed = 0;
      const names = await fs.readdir(incoming).catch(() => [] as string[]);
      for (const name of names) {
        const p = path.join(incoming, name);
        if (live.has(p)) continue;
        const st = await fs.lstat(p).catch(() => null);
        const maxAge = name.startsWith('up-') ? STALE_MS : LEFTOVER_MS;
        if (st && Date.now() - Math.max(st.mtimeMs, st.ctimeMs) > maxAge) {
          await fs.rm(p, { recursive: true, force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
export type Storage = ReturnType<typeof createStorage>;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The user's file name as shown: no directories, no control characters, bounded. */
export function displayName(original: string | undefined): string {
  const base = (original ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base.normalize('NFC').replace(CONTROL, '').trim();
  return (clean === '.' || clean === '..' ? '' : clean).slice(0, VIDEO_NAME_MAX) || 'video';
}

/** 'aula.mp4' → 'aula (2).mp4' when the folder already has one. */
export function uniqueName(nome: string, taken: Set<string>): string {
  if (!taken.has(nome)) return nome;
  const dot = nome.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [nome.slice(0, dot), nome.slice(dot)] : [nome, ''];
  for (let i = 2; ; i++) {
    const candidate = `${stem.slice(0, VIDEO_NAME_MAX - ext.length - 8)} (${i})${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  '3gp': 'video/3gpp',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  ts: 'video/mp2t',
  mpg: 'video/mpeg',
};
export const contentType = (arquivo: string): string =>
  CONTENT_TYPES[path.extname(arquivo).slice(1).toLowerCase()] ?? 'application/octet-stream';
