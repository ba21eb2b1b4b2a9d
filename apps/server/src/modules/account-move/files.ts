import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Tx } from '../../platform/db.ts';
import type { Library } from '../library/library.ts';
import { accountFiles } from '../management/removal.ts';

/** One file of an account on this server's disk: its path relative to DATA_DIR and where it is. */
export interface LocalFile {
  caminho: string;
  abs: string;
  tamanho: number;
}

/** What the names an account's rows record (logos, APKs, playout folders). */
export async function recordedOf(tx: Tx, userId: number): Promise<{ logos: string[]; apks: string[]; processes: number[] }> {
  const logos = (await tx.selectFrom('logos').select('arquivo').where('user_id', '=', userId).execute()).map((r) => r.arquivo);
  const apks = (await tx.selectFrom('android_apps').select('zip').where('user_id', '=', userId).execute())
    .map((r) => r.zip).filter((z): z is string => !!z);
  const processes = (await tx.selectFrom('media_processes').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
  return { logos, apks, processes };
}

/** HLS fragments and playout folders are rewritten by whatever plays next: a move does not carry them. */
const TRANSIENT = ['hls', 'playout'];

/** A relative path of the same shape on every server: no '..', not absolute, '/' separated, no empty or hidden-parent tricks. */
export function safeRelative(rel: string): boolean {
  if (!rel || rel.length > 4096 || rel.includes('\\') || rel.includes('\0') || rel.startsWith('/')) return false;
  return rel.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * The account's files that go with it to another server (its library, apps, APKs and logos;
 * not its HLS nor playout folders), and the top-level entries they live under. Symbolic links
 * are not followed: only regular files under DATA_DIR count.
 */
export async function accountFileList(tx: Tx, dataDir: string, library: Pick<Library, 'storage'>, account: { id: number; usuario: string }): Promise<{
  files: LocalFile[]; roots: string[];
}> {
  const base = path.resolve(dataDir);
  const all = await accountFiles(base, library, account, await recordedOf(tx, account.id));
  const files: LocalFile[] = [];
  const roots: string[] = [];
  const walk = async (abs: string): Promise<void> => {
    const st = await fsp.lstat(abs).catch(() => null);
    if (!st) return;
    if (st.isDirectory()) {
      for (const name of (await fsp.readdir(abs)).sort()) await walk(path.join(abs, name));
    } else if (st.isFile()) {
      files.push({ caminho: path.relative(base, abs).split(path.sep).join('/'), abs, tamanho: st.size });
    }
  };
  for (const abs of [...new Set(all)]) {
    const rel = path.relative(base, abs).split(path.sep).join('/');
    if (!safeRelative(rel) || TRANSIENT.includes(rel.split('/')[0]!)) continue;
    if (!(await fsp.lstat(abs).catch(() => null))) continue;
    roots.push(rel);
    await walk(abs);
  }
  return { files, roots };
}

/** The sha256 of a file, hex. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}
