import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** One file of an account on this server's disk: its path relative to DATA_DIR and where it is. */
export interface LocalFile {
  caminho: string;
  abs: string;
  tamanho: number;
}

/** A relative path of the same shape on every server: no '..', not absolute, '/' separated, no empty or hidden-parent tricks. */
export function safeRelative(rel: string): boolean {
  if (!rel || rel.length > 4096 || rel.includes('\\') || rel.includes('\0') || rel.startsWith('/')) return false;
  return rel.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * The files under `carried` (the account's files and folders that go with it to another server:
 * the sets its modules declare 'carried', module.ts) and the top-level entries they live under.
 * Symbolic links are not followed: only regular files under DATA_DIR count.
 */
export async function accountFileList(dataDir: string, carried: readonly string[]): Promise<{
  files: LocalFile[]; roots: string[];
}> {
  const base = path.resolve(dataDir);
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
  for (const abs of [...new Set(carried)]) {
    const rel = path.relative(base, abs).split(path.sep).join('/');
    if (!safeRelative(rel)) continue;
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
