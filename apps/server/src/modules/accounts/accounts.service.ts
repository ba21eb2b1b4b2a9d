import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import {
  ACCOUNT_TYPES, DEFAULT_BITRATE, DEFAULT_MAX_AGENDAMENTOS, DEFAULT_MAX_LIVES, DEFAULT_MAX_LIVES_ATIVAS, DEFAULT_STORAGE_MB,
  DEFAULT_VIEWER_LIMIT, effectiveUserId, isSuspended, type AccountType, type Suspension, type User,
} from '@painel/contract';
import { AppError } from '../../platform/errors.ts';
import { nowIso, type Db, type Tx } from '../../platform/db.ts';
import type { Sealer } from '../../platform/crypto.ts';
import { chooseServer } from '../servers/placement.ts';
import type { AccountRow, AccountsRepo } from './accounts.repo.ts';

export interface NewAccount {
  email: string;
  password: string;
  usuario?: string | undefined;
  nome?: string | undefined;
  tipo?: AccountType | undefined;
  bitrate?: number | undefined;
  espectadores?: number | undefined;
  espaco?: number | undefined;
  /** Lives running at the same instant. */
  maxLivesAtivas?: number | undefined;
  /** Lives not over yet (scheduled or running). */
  maxLives?: number | undefined;
  maxAgendamentos?: number | undefined;
  revendaEmail?: string | undefined;
  /** The server the account goes to (the operator's pick); absent: the automatic placement (modules/servers/placement.ts). */
  codigoServidor?: number | undefined;
  /** This node's NODE_ID: the placement when no server is online yet (default 1). */
  localNode?: number | undefined;
}

/** usuario names streams, folders and FTP logins, so it is kept to a safe alphabet. */
const USUARIO_RE = /^[a-z0-9][a-z0-9_]{2,31}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD = 8;

const HASH_OPTS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (p: string): Promise<string> => argon2.hash(p, HASH_OPTS);

export function createAccountsService(deps: { db: Db; repo: AccountsRepo; sealer: Sealer; /** This node's NODE_ID: where an account goes when no server is online. */ nodeId?: number }) {
  const { db, repo, sealer } = deps;

  async function toUser(row: AccountRow): Promise<User> {
    const streamings = row.tipo === 'revenda' ? await repo.countStreamingsOf(db, row.id) : 0;
    const base = {
      id: row.id,
      usuario: row.usuario,
      nome: row.nome,
      email: row.email,
      tipo: row.tipo,
      streamings,
      espectadores: row.espectadores,
      bitrate: row.bitrate,
      espaco: row.espaco,
      codigo_servidor: row.codigo_servidor,
      codigo_cliente: row.codigo_cliente,
    };
    return { ...base, effective_user_id: effectiveUserId(base) };
  }

  /**
   * Checks a new account's fields and hashes its password (slow: done before any transaction);
   * `insert` then writes it inside the caller's transaction, after the caller's own checks.
   */
  async function prepare(input: NewAccount) {
    const email = input.email.trim().toLowerCase();
    if (!EMAIL_RE.test(email)) throw new AppError('invalid_email');
    const usuario = (input.usuario ?? email.split('@')[0] ?? '').trim().toLowerCase();
    if (!USUARIO_RE.test(usuario)) {
      throw new AppError('account_login_invalid');
    }
    if (input.password.length < MIN_PASSWORD) throw new AppError('password_too_short', { min: MIN_PASSWORD });
    const tipo = input.tipo ?? 'streaming';
    if (!ACCOUNT_TYPES.includes(tipo)) throw new AppError('account_type_invalid');
    const limits = {
      bitrate: input.bitrate ?? DEFAULT_BITRATE,
      espectadores: input.espectadores ?? DEFAULT_VIEWER_LIMIT,
      espaco: input.espaco ?? DEFAULT_STORAGE_MB,
    };
    for (const [k, v] of Object.entries(limits)) {
      if (!Number.isInteger(v) || v <= 0) throw new AppError('account_value_invalid', { field: k });
    }
    // 0 is a plan without lives or bookings
    const counts = {
      max_lives_ativas: input.maxLivesAtivas ?? DEFAULT_MAX_LIVES_ATIVAS,
      max_lives: input.maxLives ?? DEFAULT_MAX_LIVES,
      max_agendamentos: input.maxAgendamentos ?? DEFAULT_MAX_AGENDAMENTOS,
    };
    for (const [k, v] of Object.entries(counts)) {
      if (!Number.isInteger(v) || v < 0) throw new AppError('account_value_invalid', { field: k });
    }
    const password_hash = await hashPassword(input.password);
    return {
      email, usuario, nome: input.nome?.trim() || usuario, tipo, password_hash, limits, counts, revendaEmail: input.revendaEmail,
      placement: { chosen: input.codigoServidor, localNode: input.localNode ?? deps.nodeId ?? 1 },
    };
  }
  type Prepared = Awaited<ReturnType<typeof prepare>>;

  /** Writes a prepared account; `revendaId` links a streaming to its reseller (else `revendaEmail` names it). */
  async function insert(tx: Tx, p: Prepared, revendaId: number | null = null): Promise<AccountRow> {
    if (await repo.byEmailOrUsuario(tx, p.email)) throw new AppError('account_email_taken');
    if (await repo.byEmailOrUsuario(tx, p.usuario)) throw new AppError('account_login_taken');
    let revenda_id = revendaId;
    if (p.revendaEmail) {
      const r = await repo.byEmail(tx, p.revendaEmail.trim().toLowerCase());
      if (!r || r.tipo !== 'revenda') throw new AppError('reseller_not_found');
      revenda_id = r.id;
    }
    if (revenda_id !== null && p.tipo !== 'streaming') throw new AppError('reseller_streaming_only');
    const codigo_servidor = await chooseServer(tx, { ...p.placement, accountsPerServer: () => repo.perServer(tx) });
    const now = nowIso();
    return repo.insert(tx, {
      email: p.email, usuario: p.usuario, nome: p.nome, tipo: p.tipo, password_hash: p.password_hash,
      ftp_password: sealer.seal(randomBytes(9).toString('base64url')),
      ...p.limits, ...p.counts, revenda_id, codigo_servidor, codigo_cliente: null, created_at: now, updated_at: now,
    });
  }

  async function create(input: NewAccount): Promise<AccountRow> {
    const prepared = await prepare(input);
    return db.transaction().execute((tx) => insert(tx, prepared));
  }

  async function byEmailOrFail(email: string): Promise<AccountRow> {
    const row = await repo.byEmail(db, email.trim().toLowerCase());
    if (!row) throw new AppError('account_not_found');
    return row;
  }

  return {
    toUser,
    prepare,
    insert,
    create,
    byId: (id: number) => repo.byId(db, id),
    byLogin: (ident: string) => repo.byEmailOrUsuario(db, ident.trim().toLowerCase()),
    list: () => repo.list(db),
    ftpPassword: (row: AccountRow) => sealer.open(row.ftp_password),
    /** A new password also ends every open session of the account. */
    async setPassword(email: string, password: string): Promise<void> {
      if (password.length < MIN_PASSWORD) throw new AppError('password_too_short', { min: MIN_PASSWORD });
      const row = await byEmailOrFail(email);
      const hash = await hashPassword(password);
      await db.transaction().execute(async (tx) => {
        await repo.update(tx, row.id, { password_hash: hash });
        await repo.bumpTokenVersion(tx, row.id, nowIso());
      });
    },
    /** The command line's disable (the operator's suspension) and enable (lifts any). */
    async setDisabled(email: string, disabled: boolean): Promise<void> {
      const row = await byEmailOrFail(email);
      await db.transaction().execute(async (tx) => {
        await repo.update(tx, row.id, { suspension: disabled ? 'suspended_by_operator' : 'active' });
        await repo.bumpTokenVersion(tx, row.id, nowIso());
      });
    },
    revokeSessions: (id: number) => repo.bumpTokenVersion(db, id, nowIso()),

    // The other modules' reads and writes of accounts (management, moves, servers, the command
    // line): `tx` is the caller's transaction (or the database).
    /** An account by id. */
    get: (tx: Tx, id: number) => repo.byId(tx, id),
    /** An account by its login (usuario only). */
    byUsuario: (usuario: string, tx: Tx = db) => repo.byUsuario(tx, usuario),
    /** The logins of these accounts (id → usuario). */
    loginsOf: (ids: number[]) => repo.loginsOf(db, ids),
    /** Every account, newest first; `managed`: the operator's (all but operators) or a reseller's streamings. */
    listNewest: (managed?: { resellerId: number | null }) => repo.listNewest(db, managed),
    /** The ids of a reseller's streamings (`suspended`: those suspended now). */
    streamingIdsOf: (resellerId: number, suspended = false) => repo.streamingIdsOf(db, resellerId, suspended),
    countStreamingsOf: (tx: Tx, resellerId: number) => repo.countStreamingsOf(tx, resellerId),
    /** A reseller's row and what its streamings hold of its pool (accounts.repo.ts `pool`); undefined: no such account. */
    pool: (tx: Tx, resellerId: number, o?: { lock?: boolean; except?: number }) => repo.pool(tx, resellerId, o),
    /** The account's stream key secret, created when it never had one (a first read of the connection data, SRT's passphrase). */
    ensureStreamSecret: (tx: Tx, id: number) => repo.ensureStreamSecret(tx, id, randomBytes(12).toString('hex')),
    /** A new stream key secret (the old key stops working). */
    setStreamSecret: (tx: Tx, id: number, secret: string) => repo.update(tx, id, { stream_secret: secret, updated_at: nowIso() }),
    /** Locks the account's row for the rest of the transaction (the library's quota decisions) and reads its storage plan (MB). */
    lockStorage: (tx: Tx, id: number) => repo.lockStorage(tx, id),
    /** Accounts per server (codigo_servidor → count). */
    perServer: (tx: Tx = db) => repo.perServer(tx),
    /**
     * Puts an account in a suspension state (every open session of it ends); a reseller's
     * streamings go and come back with it: those active go ('suspended_with_reseller'), and only
     * those come back.
     */
    async setSuspension(tx: Tx, row: Pick<AccountRow, 'id' | 'tipo'>, state: Suspension): Promise<void> {
      const at = nowIso();
      await repo.setSuspension(tx, row.id, state, at);
      if (row.tipo !== 'revenda') return;
      const [from, to]: [Suspension, Suspension] = isSuspended(state) ? ['active', 'suspended_with_reseller'] : ['suspended_with_reseller', 'active'];
      await repo.moveStreamingsSuspension(tx, row.id, from, to, at);
    },
    /** A new plan (and, for a reseller, its number of streamings). */
    setPlan: (tx: Tx, id: number, plan: { bitrate: number; espectadores: number; espaco: number; max_streamings?: number }) =>
      repo.update(tx, id, { ...plan, updated_at: nowIso() }),
    /** How many streamings a reseller may have. */
    setMaxStreamings: (tx: Tx, id: number, n: number) => repo.update(tx, id, { max_streamings: n }),
    /** A new password hash; every open session of the account ends. */
    setPasswordHash: (tx: Tx, id: number, hash: string) => repo.setPasswordHash(tx, id, hash, nowIso()),
    /** Ends every open session of the account (in the caller's transaction). */
    bumpTokenVersion: (tx: Tx, id: number) => repo.bumpTokenVersion(tx, id, nowIso()),
    /** The server the account lives on from now (a move's switch). */
    setServer: (tx: Tx, id: number, codigo: number) => repo.update(tx, id, { codigo_servidor: codigo, updated_at: nowIso() }),
    /** The tables that name an account besides its own (read before a deletion's transaction). */
    /** Deletes the account: its row, and with it (the foreign keys' cascade) every module's rows of it. */
    remove: (tx: Tx, id: number) => repo.remove(tx, id),
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
