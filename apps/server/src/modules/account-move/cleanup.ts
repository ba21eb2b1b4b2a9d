import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseJson } from '../../platform/jobs.ts';
import type { ModuleContext, Tick } from '../module.ts';
import { stagingRoot, type MoveDetail } from './move.job.ts';
import { MOVE_KIND } from './moving.ts';

/**
 * What a move can leave behind, put right by each server's worker:
 * - staged files of a move that ended (or whose job is gone) are deleted from this disk;
 * - a move interrupted for good (its worker died with no attempt left: `job_interrupted`, so its
 *   handler never restored anything) gets the account's broadcasts running again where it is;
 * - the old copy of an account that moved away from this server, when the target could not
 *   have it deleted at the end of the move (this server was unreachable), is deleted here, once
 *   the database says the account lives elsewhere.
 */
export function moveCleanupTick(): Tick {
  return {
    name: 'account-move',
    everyMs: 10_000,
    async run(ctx: ModuleContext, worker) {
      const db = ctx.store.db;
      const log = ctx.log('mudanca');
      const root = stagingRoot(ctx.config.dataDir);
      for (const name of await fsp.readdir(root).catch(() => [] as string[])) {
        const id = Number(name);
        const job = Number.isSafeInteger(id) ? await ctx.jobs.byId(id, { kind: MOVE_KIND }) : undefined;
        if (!job || job.state === 'done' || job.state === 'failed') await fsp.rm(path.join(root, name), { recursive: true, force: true });
      }
      const ended = await ctx.jobs.ended({ kind: MOVE_KIND });
      for (const job of ended) {
        const d = parseJson<Partial<MoveDetail>>(job.detail, {});
        const mark = (patch: Partial<MoveDetail>) => ctx.jobs.setDetail(job.id, { ...d, ...patch });
        if (job.state === 'failed' && job.error_code === 'job_interrupted' && !d.restaurado && d.destino === worker.nodeId) {
          await ctx.services.processes.restore(db, job.user_id, d.processos ?? []);
          await mark({ restaurado: true });
          log(`conta ${job.user_id}: mudança interrompida; as transmissões voltaram no servidor ${d.origem}`);
        }
        if (job.state === 'done' && d.liberado === false && d.origem === worker.nodeId) {
          const account = await ctx.accounts.get(db, job.user_id);
          // back on this server since: its files here are its own again
          if (account && (account.codigo_servidor ?? worker.nodeId) !== worker.nodeId) await ctx.services.accountMove.release(job.user_id);
          await mark({ liberado: true });
        }
      }
    },
  };
}
