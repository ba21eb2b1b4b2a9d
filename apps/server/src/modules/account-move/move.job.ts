import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebStream } from 'node:stream/web';
import { accountFilesResponseSchema, type AccountFile, type AccountFilesResponse } from '@painel/contract';
import { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { CANCELED, parseJson, type JobContext, type JobHandler } from '../../platform/jobs.ts';
import { defineJob } from '../module.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { Processes } from '../engine/processes.service.ts';
import type { AccountServer } from '../servers/servers.service.ts';
import type { Transmissions } from '../streaming/transmissions.service.ts';
import { safeRelative, sha256Of } from './files.ts';
import { MOVE_KIND } from './moving.ts';
import { createServerTokens, type ServerTokens } from './token.ts';

export const moveInput = z.object({ origem: z.number().int(), destino: z.number().int() });
export type MoveInput = z.infer<typeof moveInput>;

/** What a move records as it goes (the job's detail): the status the API reads, and what to restore. */
export interface MoveDetail {
  origem: number;
  destino: number;
  /** The account's engine rows that were running when the move was queued: they run again after it. */
  processos: number[];
  bytes_copiados?: number;
  bytes_total?: number;
  arquivos_copiados?: number;
  arquivos_total?: number;
  /** Bytes received from the source over all attempts (a resumed copy fetches only what it lacked). */
  bytes_recebidos?: number;
  /** The source deleted its copy. */
  liberado?: boolean;
  /** A move interrupted for good (its worker died with no attempt left): its broadcasts were restored. */
  restaurado?: boolean;
}

/** Where a move's files wait on the target until the switch (DATA_DIR, so they move into place by rename). */
export const stagingRoot = (dataDir: string): string => path.join(dataDir, '.mudancas');
/** The staging file naming the top-level entries to move into place (written before the switch). */
const ROOTS_FILE = '.raizes.json';

export interface MoveDeps {
  db: Db;
  dataDir: string;
  nodeId: number;
  serverOf: (codigo: number) => Promise<Pick<AccountServer, 'public_url'>>;
  tokens: ServerTokens;
  /** The account's row and its server (the switch). */
  accounts: Pick<AccountsService, 'get' | 'setServer'>;
  /** The engine's rows of the account: parked when the move was queued, run again and moved here by it. */
  processes: Pick<Processes, 'restore' | 'rehome'>;
  /** The account's broadcasts, moved here with it. */
  transmissions: Pick<Transmissions, 'rehome'>;
  /** The HTTP client towards the source (tests wrap it to watch or slow the transfer). */
  fetch?: typeof fetch;
  log: (line: string) => void;
}

/**
 * Moves an account's files onto this server (the target) and then the account itself, pulling
 * from the server it is on (`/api/interno/contas/{id}/…`, a token per request):
 * 1. the manifest (path, size, sha256 of every file), computed by the source;
 * 2. each file into `DATA_DIR/.mudancas/{job}/`, resuming a partial one from its size with
 *    Range, verified by size and sha256 (a mismatch: once more from zero, then the move fails);
 * 3. the switch, in one transaction: the account's server and its engine rows and broadcasts
 *    name this node; then the staged entries are renamed into place and the broadcasts that ran
 *    before the move run again, here;
 * 4. the source is asked to delete its copy (a failure there is logged; its worker deletes it later).
 * Stopped (worker stopping, lease lost) before the switch: the staged files stay for the next
 * attempt. Failed or cancelled before the switch: the account is restored on the source (its
 * broadcasts run again there) and the staged files go.
 */
export function createMoveHandler(deps: MoveDeps): JobHandler<MoveInput> {
  const { db } = deps;
  const http = deps.fetch ?? fetch;
  return async (ctx: JobContext<MoveInput>) => {
    const { origem, destino } = ctx.input;
    const userId = ctx.job.user_id;
    const processes = parseJson<Partial<MoveDetail>>(ctx.job.detail, {}).processos ?? [];
    const stage = path.join(stagingRoot(deps.dataDir), String(ctx.job.id));
    const serverOfAccount = async () => (await deps.accounts.get(db, userId))?.codigo_servidor;

    let switched = false;
    try {
      // the job is pinned to the target's worker: the files are pulled onto this disk only
      if (destino !== deps.nodeId) throw new Error(`mudança para o servidor ${destino} tomada pelo servidor ${deps.nodeId}`);
      const now = await serverOfAccount();
      if (now === undefined) throw new AppError('account_not_found');
      // taken up again after the switch (its worker died then): only the last steps are left
      if (now === destino) switched = true;
      else if ((now ?? origem) !== origem) throw new AppError('account_move_switch_failed');
      if (!switched) {
        const manifest = await copyAll(ctx, stage, userId, origem, destino);
        await fsp.writeFile(path.join(stage, ROOTS_FILE), JSON.stringify(manifest.raizes));
        ctx.signal.throwIfAborted();
        await db.transaction().execute(async (tx) => {
          const row = await deps.accounts.get(tx, userId);
          if (!row || (row.codigo_servidor ?? origem) !== origem) throw new AppError('account_move_switch_failed');
          await deps.accounts.setServer(tx, userId, destino);
          await deps.processes.rehome(tx, userId, destino);
          await deps.transmissions.rehome(tx, userId, destino);
        });
        switched = true;
        deps.log(`conta ${userId}: agora no servidor ${destino} (antes ${origem})`);
      }
      await placeStaged(stage);
      await deps.processes.restore(db, userId, processes);
      const liberado = await release(userId, origem, destino).then(() => true, (e: Error) => {
        deps.log(`conta ${userId}: o servidor ${origem} não apagou a cópia antiga (${e.message}); o worker dele apaga depois`);
        return false;
      });
      ctx.report({ liberado }, 100);
      return { origem, destino };
    } catch (e) {
      const stopping = ctx.signal.aborted && ctx.signal.reason !== CANCELED;
      if (!switched && !stopping) {
        // failed (or cancelled) for good before the switch: the account stays whole where it was
        await deps.processes.restore(db, userId, processes).catch((err: Error) => deps.log(`conta ${userId}: transmissões não restauradas: ${err.message}`));
        await fsp.rm(stage, { recursive: true, force: true }).catch(() => undefined);
      }
      throw e;
    }
  };

  /** The source's internal route, with a fresh token; a network failure or an error answer is the source failing. */
  async function call(userId: number, origem: number, destino: number, route: string, init: RequestInit = {}, signal?: AbortSignal): Promise<Response> {
    const base = (await deps.serverOf(origem)).public_url.replace(/\/+$/, '');
    const token = await deps.tokens.sign({ account: userId, source: origem, target: destino });
    let res: Response;
    try {
      res = await http(`${base}/api/interno/contas/${userId}/${route}`, {
        ...init, headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` }, ...(signal ? { signal } : {}),
      });
    } catch (e) {
      signal?.throwIfAborted();
      deps.log(`conta ${userId}: servidor ${origem} não respondeu: ${(e as Error).message}`);
      throw new AppError('account_move_source_failed');
    }
    if (res.status >= 300) {
      await res.body?.cancel().catch(() => undefined);
      deps.log(`conta ${userId}: servidor ${origem} respondeu ${res.status} a ${route.split('?')[0]}`);
      throw new AppError('account_move_source_failed');
    }
    return res;
  }

  async function copyAll(ctx: JobContext<MoveInput>, stage: string, userId: number, origem: number, destino: number): Promise<AccountFilesResponse> {
    const res = await call(userId, origem, destino, 'arquivos', {}, ctx.signal);
    const parsed = accountFilesResponseSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success || !parsed.data.arquivos.every((f) => safeRelative(f.caminho)) || !parsed.data.raizes.every(safeRelative)) {
      throw new AppError('account_move_source_failed');
    }
    const manifest = parsed.data;
    const total = manifest.arquivos.reduce((n, f) => n + f.tamanho, 0);
    let received = parseJson<Partial<MoveDetail>>(ctx.job.detail, {}).bytes_recebidos ?? 0;
    let copied = 0;
    let files = 0;
    const report = (extra = 0) => ctx.report({
      bytes_copiados: copied + extra, bytes_total: total, arquivos_copiados: files, arquivos_total: manifest.arquivos.length, bytes_recebidos: received,
    }, total ? ((copied + extra) * 100) / total * 0.99 : 0);
    report();
    await fsp.mkdir(stage, { recursive: true });
    for (const file of manifest.arquivos) {
      const dest = path.join(stage, ...file.caminho.split('/'));
      await fsp.mkdir(path.dirname(dest), { recursive: true });
      let verified = false;
      for (let round = 0; round < 2 && !verified; round++) {
        // the first round resumes what an earlier attempt left; the second starts from zero
        if (round > 0) await fsp.rm(dest, { force: true });
        let have = (await fsp.stat(dest).catch(() => null))?.size ?? 0;
        if (have > file.tamanho) {
          await fsp.rm(dest, { force: true });
          have = 0;
        }
        if (have < file.tamanho || !fs.existsSync(dest)) {
          let partial = have;
          have = await fetchInto(ctx, dest, file, have, userId, origem, destino, (n) => {
            received += n;
            partial += n;
            report(partial);
          });
        }
        verified = have === file.tamanho && (await sha256Of(dest)) === file.sha256;
      }
      if (!verified) {
        deps.log(`conta ${userId}: ${file.caminho} não confere com o original`);
        throw new AppError('account_move_verify_failed', { caminho: file.caminho });
      }
      copied += file.tamanho;
      files += 1;
      report();
    }
    return manifest;
  }

  /** Appends the file's bytes from `have` on (Range); answers the size it ends with. */
  async function fetchInto(ctx: JobContext<MoveInput>, dest: string, file: AccountFile, have: number, userId: number, origem: number, destino: number,
    progress: (n: number) => void): Promise<number> {
    if (file.tamanho === 0) {
      await fsp.writeFile(dest, '');
      return 0;
    }
    const res = await call(userId, origem, destino, `arquivo?caminho=${encodeURIComponent(file.caminho)}`,
      have > 0 ? { headers: { range: `bytes=${have}-` } } : {}, ctx.signal);
    // a source that ignores the Range sends the whole file: it is written from the start
    const start = res.status === 206 ? have : 0;
    let got = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        got += chunk.length;
        progress(chunk.length);
        done(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(res.body as WebStream), count,
        fs.createWriteStream(dest, { flags: start > 0 ? 'a' : 'w' }), { signal: ctx.signal });
    } catch (e) {
      ctx.signal.throwIfAborted();
      deps.log(`conta ${userId}: cópia de ${file.caminho} interrompida: ${(e as Error).message}`);
      throw new AppError('account_move_source_failed');
    }
    return start + got;
  }

  /** The staged entries renamed into place (an earlier copy of the account on this server is replaced); the staging folder goes. */
  async function placeStaged(stage: string): Promise<void> {
    const roots = parseJson<string[]>(await fsp.readFile(path.join(stage, ROOTS_FILE), 'utf8').catch(() => null), []);
    for (const rel of roots.filter(safeRelative)) {
      const from = path.join(stage, ...rel.split('/'));
      if (!(await fsp.lstat(from).catch(() => null))) continue;
      const to = path.join(deps.dataDir, ...rel.split('/'));
      await fsp.mkdir(path.dirname(to), { recursive: true });
      await fsp.rm(to, { recursive: true, force: true });
      await fsp.rename(from, to);
    }
    await fsp.rm(stage, { recursive: true, force: true });
  }

  async function release(userId: number, origem: number, destino: number): Promise<void> {
    const res = await call(userId, origem, destino, 'liberar', { method: 'POST' });
    await res.body?.cancel().catch(() => undefined);
  }
}

/** The move, run by the target server's worker (the job is pinned to it). */
export const moveJob = defineJob({
  kind: MOVE_KIND, input: moveInput, slots: 2,
  handler: (ctx) => createMoveHandler({
    db: ctx.store.db, dataDir: ctx.config.dataDir, nodeId: ctx.config.media.nodeId,
    serverOf: (codigo) => ctx.services.servers.serverOf(codigo), tokens: createServerTokens(ctx.config.dataDir), log: ctx.log('mudanca'),
    accounts: ctx.accounts, processes: ctx.services.processes, transmissions: ctx.services.transmissions,
  }),
});
