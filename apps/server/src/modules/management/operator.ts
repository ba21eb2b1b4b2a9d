import { isSuspended } from '@painel/contract';
import type { InstallationTotals, NewResellerBody, ResellerPoolBody, ResellerSummary } from '@painel/contract';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AccountRow } from '../accounts/accounts.repo.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import { generatePassword } from './management.service.ts';
import type { Transmissions } from '../streaming/transmissions.service.ts';

declare module '../module.ts' {
  interface Services {
    operator: OperatorService;
  }
}

/**
 * The operator's 'Administração': every reseller with its pool and what its streamings hold and
 * use, the installation's totals, new resellers and their pools. Only the operator calls these
 * (the routes check); suspending and deleting a reseller are the management service's.
 */
export function createOperatorService(deps: {
  db: Db;
  accounts: AccountsService;
  audit: AuditService;
  usageMB: (userId: number) => Promise<number>;
  viewersNow: (userId: number) => Promise<number>;
  /** Which accounts are on air (the streaming module's broadcasts). */
  transmissions: Pick<Transmissions, 'liveUserIds'>;
  /** This node's NODE_ID: where new accounts go while no server is online (modules/servers/placement.ts). */
  nodeId?: number;
}) {
  const { db, accounts, audit } = deps;

  /** Which accounts are on air now (the streaming module's transmissions service). */
  const liveIds = (): Promise<Set<number>> => deps.transmissions.liveUserIds(db);

  /**
   * A reseller's summary; `streamings` are its streamings' rows (for the storage really used and
   * those on air), `usage` what one of them uses (MB), when the caller has it already.
   */
  async function summaryOf(row: AccountRow, streamings: Pick<AccountRow, 'id'>[], live: ReadonlySet<number>, usage = deps.usageMB): Promise<ResellerSummary> {
    const held = (await accounts.pool(db, row.id))?.used ?? { count: 0, viewers: 0, storage: 0, bitrate: 0 };
    const used = await Promise.all(streamings.map((s) => usage(s.id)));
    return {
      id: row.id, usuario: row.usuario, nome: row.nome, email: row.email, suspensa: isSuspended(row.suspension), created_at: row.created_at,
      pool: {
        max_streamings: row.max_streamings, streamings: held.count, bitrate: row.bitrate,
        espectadores: row.espectadores, espectadores_usados: held.viewers, espaco: row.espaco, espaco_usado: held.storage,
      },
      espaco_real: Math.round(used.reduce((a, b) => a + b, 0) * 10) / 10,
      ao_vivo: streamings.filter((s) => live.has(s.id)).length,
    };
  }

  async function summary(id: number): Promise<ResellerSummary> {
    const row = await accounts.get(db, id);
    if (!row || row.tipo !== 'revenda') throw notFound();
    const streamings = (await accounts.streamingIdsOf(id)).map((s) => ({ id: s }));
    return summaryOf(row, streamings, await liveIds());
  }

  return {
    /** Every reseller (newest first) with its pool and use, and the installation's totals. */
    async overview(): Promise<{ success: true; revendas: ResellerSummary[]; totais: InstallationTotals }> {
      const rows = await accounts.listNewest();
      const live = await liveIds();
      const known = new Set(rows.map((r) => r.id));
      const onAir = [...live].filter((id) => known.has(id));
      const [usage, viewers] = await Promise.all([
        Promise.all(rows.map(async (r) => [r.id, await deps.usageMB(r.id)] as const)),
        Promise.all(onAir.map((id) => deps.viewersNow(id))),
      ]);
      const usageOf = new Map(usage);
      const revendas = await Promise.all(rows.filter((r) => r.tipo === 'revenda').map((r) =>
        summaryOf(r, rows.filter((s) => s.revenda_id === r.id), live, async (id) => usageOf.get(id) ?? 0)));
      const contas = { admin: 0, revenda: 0, streaming: 0 };
      for (const r of rows) contas[r.tipo] += 1;
      const storage = [...usageOf.values()].reduce((a, b) => a + b, 0);
      return {
        success: true,
        revendas,
        totais: {
          contas, ao_vivo: onAir.length, espectadores_agora: viewers.reduce((a, b) => a + b, 0),
          espaco_usado: Math.round(storage * 10) / 10,
        },
      };
    },

    /** A new reseller with its pool; a generated password is answered this once. */
    async createReseller(actor: Actor, body: NewResellerBody): Promise<{ success: true; revenda: ResellerSummary; senha?: string }> {
      const generated = body.senha ? undefined : generatePassword();
      const prepared = await accounts.prepare({
        email: body.email, usuario: body.usuario, nome: body.nome || undefined, password: body.senha || generated!, tipo: 'revenda',
        bitrate: body.bitrate, espectadores: body.espectadores, espaco: body.espaco, codigoServidor: body.codigo_servidor, localNode: deps.nodeId,
      });
      const row = await db.transaction().execute(async (tx) => {
        const created = await accounts.insert(tx, prepared, null);
        await accounts.setMaxStreamings(tx, created.id, body.streamings);
        await audit.record(tx, actor, 'account_created', created,
          `revenda: ${body.streamings} streamings, bitrate ${created.bitrate} kbps, ${created.espectadores} espectadores, ${created.espaco} MB`);
        return created;
      });
      return { success: true, revenda: await summary(row.id), ...(generated ? { senha: generated } : {}) };
    },

    /**
     * A reseller's new pool: never below what its streamings already hold (their count, their
     * viewers and storage together, the highest bitrate of one of them): 409 `pool_below_use`.
     */
    async updatePool(actor: Actor, id: number, body: ResellerPoolBody): Promise<{ success: true; revenda: ResellerSummary }> {
      await db.transaction().execute(async (tx) => {
        // the reseller's row locked, so no streaming is made meanwhile; else 404
        const pool = await accounts.pool(tx, id, { lock: true });
        if (!pool || pool.reseller.tipo !== 'revenda') throw notFound();
        const { reseller: before, used: held } = pool;
        const checks: [field: string, wanted: number, used: number][] = [
          ['streamings', body.streamings, held.count],
          ['bitrate', body.bitrate, held.bitrate],
          ['espectadores', body.espectadores, held.viewers],
          ['espaco', body.espaco, held.storage],
        ];
        for (const [field, wanted, used] of checks) {
          if (wanted < used) throw new AppError('pool_below_use', { field, used });
        }
        await accounts.setPlan(tx, id, { max_streamings: body.streamings, bitrate: body.bitrate, espectadores: body.espectadores, espaco: body.espaco });
        await audit.record(tx, actor, 'plan_changed', before,
          `streamings ${before.max_streamings} → ${body.streamings}, bitrate ${before.bitrate} → ${body.bitrate} kbps, ` +
          `espectadores ${before.espectadores} → ${body.espectadores}, espaço ${before.espaco} → ${body.espaco} MB`);
      });
      return { success: true, revenda: await summary(id) };
    },
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;
