import { randomBytes } from 'node:crypto';
import { isSuspended, type AuditAction, type ManagedAccount, type NewStreamingBody, type Pool, type StreamingPlanBody, type Suspension } from '@painel/contract';
import type { Auth } from '../../platform/auth.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AccountRow, PoolUse } from '../accounts/accounts.repo.ts';
import { MIN_PASSWORD, hashPassword, type AccountsService } from '../accounts/accounts.service.ts';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import type { AccountEffects } from './effects.ts';
import type { Removal } from './removal.ts';
import type { Transmissions } from '../streaming/transmissions.service.ts';

/** Which accounts a caller manages: the operator every account, a reseller its streamings. */
export type Scope = { kind: 'operator' } | { kind: 'reseller'; id: number };

/** Who acts (recorded in the audit log) and over which accounts: a signed-in account, or a billing system's key. */
export interface Caller {
  actor: Actor;
  scope: Scope;
}

/** Whether a caller's scope covers an account: the operator any but another operator, a reseller its streamings. */
export const inScope = (scope: Scope, row: AccountRow | undefined): row is AccountRow =>
  !!row && (scope.kind === 'operator' ? row.tipo !== 'admin' : row.tipo === 'streaming' && row.revenda_id === scope.id);

/** A password the panel makes up: 16 characters from a URL-safe alphabet (96 bits). */
export const generatePassword = (): string => randomBytes(12).toString('base64url');

export function createManagementService(deps: {
  db: Db;
  accounts: AccountsService;
  audit: AuditService;
  usageMB: (userId: number) => Promise<number>;
  viewersNow: (userId: number) => Promise<number>;
  /** Which accounts are on air (the streaming module's broadcasts). */
  transmissions: Pick<Transmissions, 'liveUserIds'>;
  /** What a suspension stops at once (effects.ts); a deletion (removal.ts). */
  effects?: AccountEffects;
  removal?: Removal;
  /** This node's NODE_ID: where new accounts go while no server is online (modules/servers/placement.ts). */
  nodeId?: number;
}) {
  const { db, accounts, audit } = deps;

  /** The signed-in account as a caller: the operator or a reseller; a streaming is refused (403). */
  function callerOf(auth: Auth): Caller {
    const row = auth.account as AccountRow;
    const actor = { id: row.id, label: row.usuario };
    if (row.tipo === 'admin') return { actor, scope: { kind: 'operator' } };
    if (row.tipo === 'revenda') return { actor, scope: { kind: 'reseller', id: row.id } };
    throw new AppError('management_forbidden');
  }

  /** An account of the scope, else 404 (another reseller's id looks like no id at all). */
  async function accountIn(tx: Tx, scope: Scope, id: number): Promise<AccountRow> {
    const row = await accounts.get(tx, id);
    if (!inScope(scope, row)) throw notFound();
    return row;
  }

  /**
   * Locks the reseller's row for the rest of the transaction so that two requests never both see
   * room for the pool's last place, and reads its pool (`except`: a streaming whose plan is replaced).
   */
  async function lockPool(tx: Tx, resellerId: number, except?: number): Promise<{ reseller: AccountRow; used: PoolUse }> {
    const pool = await accounts.pool(tx, resellerId, { lock: true, ...(except !== undefined ? { except } : {}) });
    if (!pool) throw notFound();
    return pool;
  }

  /** Refuses a plan that does not fit what the reseller has left (the others' plans taken out). */
  function checkPool({ reseller, used }: { reseller: AccountRow; used: PoolUse }, plan: StreamingPlanBody): void {
    if (plan.bitrate > reseller.bitrate) throw new AppError('pool_bitrate_exceeded', { max: reseller.bitrate });
    const viewersFree = Math.max(0, reseller.espectadores - used.viewers);
    if (plan.espectadores > viewersFree) throw new AppError('pool_viewers_exceeded', { free: viewersFree });
    const storageFree = Math.max(0, reseller.espaco - used.storage);
    if (plan.espaco > storageFree) throw new AppError('pool_storage_exceeded', { free: storageFree });
  }

  async function view(row: AccountRow, live: ReadonlySet<number>, suspendedResellers?: ReadonlySet<number>): Promise<ManagedAccount> {
    const [used, viewers] = await Promise.all([deps.usageMB(row.id), live.has(row.id) ? deps.viewersNow(row.id) : Promise.resolve(0)]);
    return {
      id: row.id, usuario: row.usuario, nome: row.nome, email: row.email, tipo: row.tipo,
      bitrate: row.bitrate, espectadores: row.espectadores, espaco: row.espaco, espaco_usado: used,
      ao_vivo: live.has(row.id), espectadores_agora: viewers,
      suspensa: isSuspended(row.suspension),
      suspensao: row.suspension,
      suspensa_pela_revenda: row.suspension === 'suspended_with_reseller' || (row.revenda_id !== null && !!suspendedResellers?.has(row.revenda_id)),
      revenda_id: row.revenda_id, created_at: row.created_at,
    };
  }

  /** Which of these accounts are on air now (the streaming module's transmissions service). */
  const liveIds = (tx: Tx, ids: number[]): Promise<Set<number>> => deps.transmissions.liveUserIds(tx, ids);

  async function viewOne(row: AccountRow): Promise<ManagedAccount> {
    return view(row, await liveIds(db, [row.id]));
  }

  async function poolOf(resellerId: number): Promise<Pool> {
    const pool = await accounts.pool(db, resellerId);
    if (!pool) throw notFound();
    const { reseller, used } = pool;
    return {
      max_streamings: reseller.max_streamings, streamings: used.count, bitrate: reseller.bitrate,
      espectadores: reseller.espectadores, espectadores_usados: used.viewers,
      espaco: reseller.espaco, espaco_usado: used.storage,
    };
  }

  /** The account and, for a reseller, its streamings that are suspended now. */
  async function suspendedWith(row: AccountRow): Promise<number[]> {
    if (row.tipo !== 'revenda') return [row.id];
    return [row.id, ...(await accounts.streamingIdsOf(row.id, true))];
  }

  /**
   * What a suspension by this caller makes of an account's state, or null when nothing changes:
   * a reseller suspends an active streaming; the operator suspends any account, and takes over a
   * suspension that was the reseller's (or came with it), so only the operator can lift it.
   */
  function suspensionBy(scope: Scope, state: Suspension): Suspension | null {
    if (scope.kind === 'reseller') return state === 'active' ? 'suspended_by_reseller' : null;
    return state === 'suspended_by_operator' ? null : 'suspended_by_operator';
  }

  /**
   * Refuses a reactivation this caller may not make: a suspension that came with the reseller,
   * or any of a streaming whose reseller is suspended (the reseller comes back first); the
   * operator's suspension, to a reseller (its session or its key).
   */
  async function checkLift(tx: Tx, scope: Scope, row: AccountRow): Promise<void> {
    if (row.suspension === 'suspended_with_reseller') throw new AppError('account_suspended_by_reseller');
    if (row.suspension === 'suspended_by_operator' && scope.kind === 'reseller') throw new AppError('account_suspended_by_operator');
    if (row.revenda_id === null) return;
    const reseller = await accounts.get(tx, row.revenda_id);
    if (reseller && isSuspended(reseller.suspension)) throw new AppError('account_suspended_by_reseller');
  }

  return {
    callerOf,

    /**
     * Deletes an account of the scope (404 outside it): what it has on air stops, its rows and
     * files go, the audit entry stays. A reseller only without streamings (409).
     */
    async remove(caller: Caller, id: number): Promise<{ success: true }> {
      if (!deps.removal) throw new Error('removal not wired');
      await deps.removal.remove(caller.actor, (tx) => accountIn(tx, caller.scope, id));
      return { success: true };
    },

    /** The accounts in scope, newest first, with the reseller's pool. */
    async list(caller: Caller): Promise<{ success: true; streamings: ManagedAccount[]; pool: Pool | null }> {
      const { scope } = caller;
      const rows = await accounts.listNewest({ resellerId: scope.kind === 'operator' ? null : scope.id });
      const live = await liveIds(db, rows.map((r) => r.id));
      const suspendedResellers = new Set(rows.filter((r) => r.tipo === 'revenda' && isSuspended(r.suspension)).map((r) => r.id));
      const streamings = await Promise.all(rows.map((r) => view(r, live, suspendedResellers)));
      return { success: true, streamings, pool: scope.kind === 'reseller' ? await poolOf(scope.id) : null };
    },

    /**
     * A new streaming: within the reseller's pool (count, bitrate per streaming, viewers and
     * storage left), with the password given or a generated one answered this once.
     */
    async create(caller: Caller, body: NewStreamingBody): Promise<{ success: true; streaming: ManagedAccount; senha?: string }> {
      const { scope } = caller;
      // only the operator picks a server; a reseller's streamings are placed like any new account
      if (body.codigo_servidor !== undefined && scope.kind !== 'operator') throw new AppError('operator_only');
      const generated = body.senha ? undefined : generatePassword();
      const prepared = await accounts.prepare({
        email: body.email, usuario: body.usuario, nome: body.nome || undefined, password: body.senha || generated!, tipo: 'streaming',
        bitrate: body.bitrate, espectadores: body.espectadores, espaco: body.espaco, codigoServidor: body.codigo_servidor, localNode: deps.nodeId,
      });
      const row = await db.transaction().execute(async (tx) => {
        let revendaId: number | null = null;
        if (scope.kind === 'reseller') {
          const pool = await lockPool(tx, scope.id);
          if (pool.used.count >= pool.reseller.max_streamings) throw new AppError('pool_streamings_full', { max: pool.reseller.max_streamings });
          checkPool(pool, body);
          revendaId = scope.id;
        }
        const created = await accounts.insert(tx, prepared, revendaId);
        await audit.record(tx, caller.actor, 'account_created', created,
          `bitrate ${created.bitrate} kbps, ${created.espectadores} espectadores, ${created.espaco} MB`);
        return created;
      });
      return { success: true, streaming: await viewOne(row), ...(generated ? { senha: generated } : {}) };
    },

    /** A new plan: within the pool, and never less storage than the streaming already uses. */
    async updatePlan(caller: Caller, id: number, body: StreamingPlanBody): Promise<{ success: true; streaming: ManagedAccount }> {
      const { scope } = caller;
      // read before the transaction: on SQLite the transaction holds the one connection
      const used = await deps.usageMB((await accountIn(db, scope, id)).id);
      const row = await db.transaction().execute(async (tx) => {
        const before = await accountIn(tx, scope, id);
        if (before.tipo === 'streaming' && before.revenda_id !== null) checkPool(await lockPool(tx, before.revenda_id, before.id), body);
        if (body.espaco < used) throw new AppError('storage_below_use', { used: Math.ceil(used) });
        await accounts.setPlan(tx, before.id, body);
        await audit.record(tx, caller.actor, 'plan_changed', before,
          `bitrate ${before.bitrate} → ${body.bitrate} kbps, espectadores ${before.espectadores} → ${body.espectadores}, espaço ${before.espaco} → ${body.espaco} MB`);
        return { ...before, ...body };
      });
      return { success: true, streaming: await viewOne(row) };
    },

    async suspend(caller: Caller, id: number): Promise<{ success: true; streaming: ManagedAccount }> {
      const { scope } = caller;
      const row = await db.transaction().execute(async (tx) => {
        const before = await accountIn(tx, scope, id);
        const state = suspensionBy(scope, before.suspension);
        if (!state) return before;
        await accounts.setSuspension(tx, before, state);
        // who suspended is the entry's author; the detail says which suspension it is now
        await audit.record(tx, caller.actor, 'account_suspended', before, `${before.suspension} → ${state}`);
        return { ...before, suspension: state };
      });
      // what it (and a reseller's streamings that went with it) has on air stops now, not at the worker's next pass
      await deps.effects?.stopAccounts(await suspendedWith(row));
      return { success: true, streaming: await viewOne(row) };
    },

    async reactivate(caller: Caller, id: number): Promise<{ success: true; streaming: ManagedAccount }> {
      const { scope } = caller;
      const row = await db.transaction().execute(async (tx) => {
        const before = await accountIn(tx, scope, id);
        if (!isSuspended(before.suspension)) return before;
        await checkLift(tx, scope, before);
        await accounts.setSuspension(tx, before, 'active');
        // who lifted is the entry's author; the detail says whose suspension it was
        await audit.record(tx, caller.actor, 'account_reactivated', before, `${before.suspension} → active`);
        return { ...before, suspension: 'active' as const };
      });
      // access comes back; what the suspension stopped stays stopped (nothing is started here)
      return { success: true, streaming: await viewOne(row) };
    },

    /** A new password (given, or generated and answered once); every open session of the account ends. */
    async resetPassword(caller: Caller, id: number, given: string): Promise<{ success: true; senha?: string }> {
      const { scope } = caller;
      if (given && given.length < MIN_PASSWORD) throw new AppError('password_too_short', { min: MIN_PASSWORD });
      const password = given || generatePassword();
      const hash = await hashPassword(password);
      await db.transaction().execute(async (tx) => {
        const row = await accountIn(tx, scope, id);
        await accounts.setPasswordHash(tx, row.id, hash);
        await audit.record(tx, caller.actor, 'password_reset', row);
      });
      return given ? { success: true } : { success: true, senha: password };
    },

    /** One account of the scope as the screens show it (plan, use, state), with a reseller's pool. */
    async describe(caller: Caller, id: number): Promise<{ account: ManagedAccount; pool: Pool | null }> {
      const row = await accountIn(db, caller.scope, id);
      const reseller = row.revenda_id === null ? undefined : await accounts.get(db, row.revenda_id);
      const account = await view(row, await liveIds(db, [row.id]), reseller && isSuspended(reseller.suspension) ? new Set([row.revenda_id!]) : undefined);
      return { account, pool: row.tipo === 'revenda' ? await poolOf(row.id) : null };
    },

    /** The audit log of the scope: everything for the operator, its streamings for a reseller. */
    async auditLog(caller: Caller) {
      const { scope } = caller;
      const rows = await audit.recent(scope.kind === 'operator' ? null : scope.id);
      return {
        success: true as const,
        entradas: rows.map((r) => ({ id: r.id, autor: r.actor, acao: r.action as AuditAction, conta: r.account, detalhe: r.detail, data: r.created_at })),
      };
    },
  };
}
export type ManagementService = ReturnType<typeof createManagementService>;
