import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Tx } from '../platform/db.ts';
import type { AccountFileSet, ModuleContext } from './module.ts';

/** The entries of `dir` whose name matches, as absolute paths; none when the folder does not exist. */
export async function entriesNamed(dir: string, match: (name: string) => boolean): Promise<string[]> {
  return (await fsp.readdir(dir).catch(() => [] as string[])).filter(match).map((n) => path.join(dir, n));
}

/**
 * Every file and folder the modules declare for an account (AccountFileSet in module.ts), read
 * in `tx` before its rows go, each path once; `kind` keeps only the sets of that kind.
 */
export async function accountFilesOf(
  ctx: ModuleContext, tx: Tx, account: { id: number; usuario: string }, kind?: AccountFileSet['kind'],
): Promise<string[]> {
  const out = new Set<string>();
  for (const set of ctx.accountFiles) {
    if (kind && set.kind !== kind) continue;
    for (const p of await set.of(ctx, tx, account)) out.add(path.resolve(p));
  }
  return [...out];
}
