import fsp from 'node:fs/promises';
import { streamNameOf, type AccountFilesResponse, type AccountMove, type AccountMoveResponse } from '@painel/contract';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { parseJson, type JobRow, type Jobs } from '../../platform/jobs.ts';
import { shortCache } from '../../platform/short-cache.ts';
import type { Processes } from '../engine/processes.service.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AccountFileSet } from '../module.ts';
import { inScope } from '../management/management.service.ts';
import { isOnline } from '../servers/placement.ts';
import type { AccountServer } from '../servers/servers.service.ts';
import { accountFileList, sha256Of } from './files.ts';
import { moveJob, type MoveDetail } from './move.job.ts';
import { MOVE_KIND, movingIn } from './moving.ts';

/** How long "is this account moving" is reused by the routes that write files (a move starts within this of being seen). */
const MOVING_TTL_MS = 1000;
/** Attempts of a move: a worker killed mid-copy hands it to the next one, which resumes from the staged files. */
const MOVE_ATTEMPTS = 5;
/** How long the list of an account's files is reused by the file route. */
const LIST_TTL_MS = 5000;

const STATES = { queued: 'na_fila', running: 'copiando', done: 'concluida', failed: 'falhou' } as const;

/** A move as the operator's screen shows it. */
export function moveOf(job: JobRow): AccountMove {
  const d = parseJson<Partial<MoveDetail>>(job.detail, {});
  return {
    id: job.id, estado: STATES[job.state as keyof typeof STATES] ?? 'na_fila', origem: d.origem ?? 0, destino: d.destino ?? 0,
    progresso: job.progress, bytes_copiados: d.bytes_copiados ?? 0, bytes_total: d.bytes_total ?? 0,
    arquivos_copiados: d.arquivos_copiados ?? 0, arquivos_total: d.arquivos_total ?? 0,
    erro: job.error, codigo_erro: job.error_code, criada_em: job.created_at, concluida_em: job.finished_at,
  };
}

/**
 * 'Mover para outro servidor': the operator queues a move (pinned to the target's worker, see
 * move.job.ts); while it is queued or running the account's broadcasts are stopped and nothing
 * of it starts (`isMoving`, and the engine's and on_publish's own checks). The internal routes
 * let the target pull the files: only with a server token, only for an account on this server.
 */
export function createAccountMoveService(deps: {
  db: Db; jobs: Jobs; dataDir: string; nodeId: number;
  accounts: Pick<AccountsService, 'get'>;
  /** A registered server's row (undefined: never registered): the servers module's. */
  serverRow: (codigo: number) => Promise<{ codigo_servidor: number; heartbeat_at: string } | undefined>;
  /** The account's files the modules declare (of one kind, or all): read in `tx` (module.ts, AccountFileSet). */
  files: (tx: Db, account: { id: number; usuario: string }, kind?: AccountFileSet['kind']) => Promise<string[]>;
  serverOf: (codigo: number | null) => Promise<AccountServer>;
  /** The engine's rows of the account: a move parks the running ones (move.job.ts runs them again). */
  processes: Pick<Processes, 'stopAll'>;
  /** Drops the account's encoder from this server's nginx (when the account is on this server). */
  dropPublisher?: (streamName: string) => Promise<unknown>;
  log: (line: string) => void;
}) {
  const { db } = deps;
  const moving = shortCache(MOVING_TTL_MS, (userId: number) => movingIn(db, userId));
  // a copy asks for each file in turn: the list it is checked against is walked once every few seconds, not per file
  const listOf = shortCache(LIST_TTL_MS, async (id: number) => carriedOf(await heldHere(id)), { max: 100 });
  /** What a move carries: the sets declared 'carried' (the others are made again, or finished, where they are). */
  const carriedOf = async (account: { id: number; usuario: string }) => accountFileList(deps.dataDir, await deps.files(db, account, 'carried'));

  /** An account the operator manages (any but another operator's), else 404. */
  async function accountOf(id: number) {
    const row = await deps.accounts.get(db, id);
    if (!inScope({ kind: 'operator' }, row)) throw notFound();
    return row;
  }

  /** The account of an internal request, which this server holds (else 404: never another server's disk). */
  async function heldHere(id: number) {
    const row = await deps.accounts.get(db, id);
    if (!row || (row.codigo_servidor ?? deps.nodeId) !== deps.nodeId) throw notFound();
    return row;
  }

  return {
    /** Whether the account is being moved (reused for up to a second): the routes that write its files refuse meanwhile. */
    isMoving: (userId: number): Promise<boolean> => moving(userId),

    /** The current or last move of the account (null: never moved). */
    async status(id: number): Promise<AccountMoveResponse> {
      const account = await accountOf(id);
      const job = await deps.jobs.latest(id, moveJob);
      return { success: true, servidor: account.codigo_servidor ?? deps.nodeId, mudanca: job ? moveOf(job) : null };
    },

    /**
     * Queues the account's move to `target`: an online server other than its own, its own
     * server online too, no move nor file job of it queued or running. Its running broadcasts
     * stop now (they run again after the move, on the server it ends on).
     */
    async request(id: number, target: number): Promise<AccountMoveResponse> {
      const account = await accountOf(id);
      const source = account.codigo_servidor ?? deps.nodeId;
      if (target === source) throw new AppError('account_move_same_server');
      const row = await deps.serverRow(target);
      if (!row) throw new AppError('server_not_found');
      if (!isOnline(row, Date.now())) throw new AppError('account_move_target_offline');
      if (!(await deps.serverOf(source)).online) throw new AppError('account_move_source_offline');
      const job = await db.transaction().execute(async (tx) => {
        if (await movingIn(tx, id)) throw new AppError('account_move_running');
        if (await deps.jobs.active(tx, id, { kind: MOVE_KIND }, true)) throw new AppError('account_move_jobs_running');
        // its broadcasts stop on the source (that server's worker stops the children within a pass),
        // parked: the move runs them again on the server it ends on
        const running = await deps.processes.stopAll(tx, id);
        const detail: MoveDetail = { origem: source, destino: target, processos: running };
        const queued = await deps.jobs.enqueue(tx, moveJob, {
          userId: id, input: { origem: source, destino: target }, detail: { ...detail }, maxAttempts: MOVE_ATTEMPTS, node: target,
        });
        if (!queued) throw new AppError('account_move_running');
        return queued;
      });
      if (source === deps.nodeId) await deps.dropPublisher?.(streamNameOf(account.usuario))?.catch(() => undefined);
      deps.log(`conta ${account.usuario}: mudança do servidor ${source} para o ${target} na fila (tarefa ${job.id})`);
      return { success: true, servidor: source, mudanca: moveOf(job) };
    },

    /** The account's files with their size and sha256 (the target's manifest). */
    async manifest(id: number): Promise<AccountFilesResponse> {
      const account = await heldHere(id);
      const { files, roots } = await carriedOf(account);
      const arquivos = [];
      for (const f of files) arquivos.push({ caminho: f.caminho, tamanho: f.tamanho, sha256: await sha256Of(f.abs) });
      return { success: true, arquivos, raizes: roots };
    },

    /** One of the account's files (a path of its manifest, nothing else), else 404. */
    async file(id: number, caminho: string): Promise<{ abs: string; size: number }> {
      const account = await heldHere(id);
      // a path the reused list lacks is looked up in a fresh one (a file written since)
      const found = (await listOf(id)).files.find((f) => f.caminho === caminho)
        ?? (await carriedOf(account)).files.find((f) => f.caminho === caminho);
      if (!found) throw notFound();
      const st = await fsp.stat(found.abs).catch(() => null);
      if (!st?.isFile()) throw notFound();
      return { abs: found.abs, size: st.size };
    },

    /** Deletes this server's copy of the account, only once the database says it lives elsewhere. */
    async release(id: number): Promise<{ success: true }> {
      const row = await deps.accounts.get(db, id);
      if (!row) throw notFound();
      if ((row.codigo_servidor ?? deps.nodeId) === deps.nodeId) throw new AppError('account_move_release_refused');
      // every set, carried or not: nothing of the account stays on the server it left
      for (const file of await deps.files(db, row)) {
        await fsp.rm(file, { recursive: true, force: true });
      }
      deps.log(`conta ${row.usuario}: cópia antiga apagada deste servidor (a conta está no servidor ${row.codigo_servidor})`);
      return { success: true };
    },
  };
}
export type AccountMoveService = ReturnType<typeof createAccountMoveService>;
