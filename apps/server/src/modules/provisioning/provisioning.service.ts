import { isSuspended } from '@painel/contract';
import type { ManagedAccount, Pool, ProvisioningAccountBody, ProvisioningPlanBody } from '@painel/contract';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AccountRow } from '../accounts/accounts.repo.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { inScope, type Caller, type ManagementService } from '../management/management.service.ts';
import type { OperatorService } from '../management/operator.ts';
import type { ApiKeyRow } from './provisioning.table.ts';

export interface ProvisionedAccount {
  success: true;
  account: ManagedAccount;
  pool: Pool | null;
}

/**
 * What a billing system does with an API key: the same operations as the reseller's and the
 * operator's screens (the management service, which holds the pool rules and the audit log),
 * with accounts named by login. An installation key acts as the operator (and may create
 * resellers); a reseller's key only on that reseller's streamings (another login: 404).
 */
export function createProvisioningService(deps: {
  db: Db;
  accounts: AccountsService;
  management: ManagementService;
  operator: OperatorService;
}) {
  const { db, accounts, management, operator } = deps;

  /** The key as a management caller, recorded in the audit log as `api:<key name>`. */
  async function callerOf(key: ApiKeyRow): Promise<Caller> {
    const actor = { id: null, label: `api:${key.name}` };
    if (key.revenda_id === null) return { actor, scope: { kind: 'operator' } };
    const reseller = await accounts.byId(key.revenda_id);
    // a suspended reseller's key acts no more than the reseller could itself
    if (!reseller || reseller.tipo !== 'revenda') throw new AppError('api_key_invalid');
    if (isSuspended(reseller.suspension)) throw new AppError('account_disabled');
    return { actor, scope: { kind: 'reseller', id: reseller.id } };
  }

  /** An account of the caller's scope by login, else 404. */
  async function accountOf(caller: Caller, login: string): Promise<AccountRow> {
    const row = login ? await accounts.byUsuario(login.trim().toLowerCase()) : undefined;
    if (!inScope(caller.scope, row)) throw notFound();
    return row;
  }

  /** An account as the management screens show it (plan, use, state), with a reseller's pool. */
  async function show(caller: Caller, id: number): Promise<ProvisionedAccount> {
    return { success: true, ...(await management.describe(caller, id)) };
  }

  /** A reseller, made by an installation key: its pool is its own plan plus `streamings` (the operator's rules). */
  async function createReseller(caller: Caller, body: ProvisioningAccountBody): Promise<{ id: number; senha?: string }> {
    if (body.streamings === undefined) throw new AppError('plan_value_invalid', { field: 'streamings' });
    if (body.revenda) throw new AppError('reseller_streaming_only');
    const created = await operator.createReseller(caller.actor, {
      email: body.email, usuario: body.usuario, nome: body.nome ?? '', senha: body.senha ?? '', streamings: body.streamings,
      bitrate: body.bitrate, espectadores: body.espectadores, espaco: body.espaco, codigo_servidor: body.codigo_servidor,
    });
    return { id: created.revenda.id, ...(created.senha ? { senha: created.senha } : {}) };
  }

  return {
    callerOf,
    accountOf,
    show,

    /**
     * A new account. A reseller's key: a streaming in its pool. An installation key: a reseller,
     * a streaming of a reseller's pool (`revenda`), or a streaming of no reseller.
     */
    async create(caller: Caller, body: ProvisioningAccountBody): Promise<ProvisionedAccount & { senha?: string }> {
      if (body.tipo === 'revenda') {
        if (caller.scope.kind !== 'operator') throw new AppError('api_key_reseller_only');
        const { id, senha } = await createReseller(caller, body);
        return { ...(await show(caller, id)), ...(senha ? { senha } : {}) };
      }
      if (body.streamings !== undefined) throw new AppError('streamings_reseller_only');
      let target = caller;
      if (body.revenda) {
        const reseller = await accounts.byLogin(body.revenda);
        if (caller.scope.kind === 'reseller') {
          if (reseller?.id !== caller.scope.id) throw new AppError('api_key_reseller_only');
        } else {
          if (!reseller || reseller.tipo !== 'revenda') throw new AppError('reseller_not_found');
          // into that reseller's pool, under the same rules as the reseller's own screen
          target = { actor: caller.actor, scope: { kind: 'reseller', id: reseller.id } };
        }
      }
      const created = await management.create(target, body);
      return { ...(await show(target, created.streaming.id)), ...(created.senha ? { senha: created.senha } : {}) };
    },

    /** A new plan: a streaming's within its reseller's pool, a reseller's pool never below what its streamings hold. */
    async updatePlan(caller: Caller, row: AccountRow, body: ProvisioningPlanBody): Promise<ProvisionedAccount> {
      const { streamings, ...plan } = body;
      if (row.tipo === 'revenda') {
        await operator.updatePool(caller.actor, row.id, { ...plan, streamings: streamings ?? row.max_streamings });
      } else {
        if (streamings !== undefined) throw new AppError('streamings_reseller_only');
        await management.updatePlan(caller, row.id, plan);
      }
      return show(caller, row.id);
    },

    async suspend(caller: Caller, row: AccountRow): Promise<ProvisionedAccount> {
      await management.suspend(caller, row.id);
      return show(caller, row.id);
    },

    async unsuspend(caller: Caller, row: AccountRow): Promise<ProvisionedAccount> {
      await management.reactivate(caller, row.id);
      return show(caller, row.id);
    },

    resetPassword: (caller: Caller, row: AccountRow, given: string) => management.resetPassword(caller, row.id, given),

    remove: (caller: Caller, row: AccountRow) => management.remove(caller, row.id),
  };
}
export type ProvisioningService = ReturnType<typeof createProvisioningService>;
