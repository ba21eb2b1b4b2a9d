import { z } from 'zod';
import { coded } from './coded.ts';
import { ACCOUNT_TYPES } from './auth.ts';
import { serverChoice } from './servers.ts';

/**
 * A reseller's streamings and the operator's accounts.
 *
 *   GET    /api/revenda/streamings                 the streamings in scope, with the pool
 *   POST   /api/revenda/streamings                 create (a generated password is answered once)
 *   PUT    /api/revenda/streamings/{id}/plano      bitrate, espectadores, espaco
 *   POST   /api/revenda/streamings/{id}/suspender  suspend (the account and everything it runs stops)
 *   POST   /api/revenda/streamings/{id}/reativar   reactivate
 *   POST   /api/revenda/streamings/{id}/senha      a new password (given, or generated and answered once)
 *   GET    /api/revenda/auditoria                  what was done to the accounts in scope
 *
 * A revenda sees its own streamings; the operator (tipo admin) sees every account. Another
 * scope's id is 404; a streaming gets 403.
 */

/**
 * Whether an account is suspended, and by whom (accounts.suspension): active; suspended by its
 * reseller; by the operator (the reseller cannot lift it); or with its reseller (it was active
 * when its reseller was suspended, and comes back with it).
 */
export const SUSPENSION_STATES = ['active', 'suspended_by_reseller', 'suspended_by_operator', 'suspended_with_reseller'] as const;
export type Suspension = (typeof SUSPENSION_STATES)[number];

/** The one test of a suspension: an account in any suspended state is refused everywhere. */
export const isSuspended = (state: Suspension): boolean => state !== 'active';

const planNumber = (field: string) =>
  z.number(coded('plan_value_invalid', { field })).int(coded('plan_value_invalid', { field })).min(1, coded('plan_value_invalid', { field })).max(10_000_000, coded('plan_value_invalid', { field }));

/** A streaming's plan: bitrate (kbps), simultaneous viewers, storage (MB). */
export const streamingPlanBody = z.object({
  bitrate: planNumber('bitrate'),
  espectadores: planNumber('espectadores'),
  espaco: planNumber('espaco'),
});
export type StreamingPlanBody = z.infer<typeof streamingPlanBody>;

export const newStreamingBody = streamingPlanBody.extend({
  email: z.string(coded('invalid_email')).trim().min(3, coded('invalid_email')).max(254, coded('invalid_email')),
  usuario: z.string(coded('account_login_invalid')).trim().min(1, coded('account_login_invalid')).max(32, coded('account_login_invalid')),
  nome: z.string().trim().max(100).optional().default(''),
  /** Empty or absent: the panel generates one and answers it once. */
  senha: z.string().max(1024).optional().default(''),
  /** The operator's choice of server (absent: the online server with the most free capacity); a reseller may not choose. */
  codigo_servidor: serverChoice.optional(),
});
export type NewStreamingBody = z.infer<typeof newStreamingBody>;

export const passwordResetBody = z.object({ senha: z.string().max(1024).optional().default('') });

/** An account as its reseller or the operator sees it. */
export const managedAccountSchema = z.object({
  id: z.number(),
  usuario: z.string(),
  nome: z.string(),
  email: z.string(),
  tipo: z.enum(ACCOUNT_TYPES),
  bitrate: z.number(),
  espectadores: z.number(),
  /** MB */
  espaco: z.number(),
  /** MB used by its library */
  espaco_usado: z.number(),
  ao_vivo: z.boolean(),
  espectadores_agora: z.number(),
  suspensa: z.boolean(),
  /** Who suspended it (see SUSPENSION_STATES); a reseller lifts only 'suspended_by_reseller'. */
  suspensao: z.enum(SUSPENSION_STATES),
  /** Suspended because its reseller is. */
  suspensa_pela_revenda: z.boolean(),
  revenda_id: z.number().nullable(),
  created_at: z.string(),
});
export type ManagedAccount = z.infer<typeof managedAccountSchema>;

/** What a reseller may hand out and how much of it its streamings hold. */
export const poolSchema = z.object({
  max_streamings: z.number(),
  streamings: z.number(),
  /** kbps: the most one streaming may have */
  bitrate: z.number(),
  espectadores: z.number(),
  espectadores_usados: z.number(),
  espaco: z.number(),
  espaco_usado: z.number(),
});
export type Pool = z.infer<typeof poolSchema>;

export const streamingsResponseSchema = z.object({
  success: z.literal(true),
  streamings: z.array(managedAccountSchema),
  /** null for the operator, whose accounts have no pool */
  pool: poolSchema.nullable(),
});

export const createdStreamingResponseSchema = z.object({
  success: z.literal(true),
  streaming: managedAccountSchema,
  /** The generated password, answered this once; absent when the request gave one. */
  senha: z.string().optional(),
});

export const managedAccountResponseSchema = z.object({ success: z.literal(true), streaming: managedAccountSchema });
/** POST /api/revenda/streamings/{id}/acessar: a short session of the streaming, marked with who opened it. */
export const panelAccessResponseSchema = z.object({ success: z.literal(true), token: z.string().min(1), expira_em: z.string() });
export const passwordResetResponseSchema = z.object({ success: z.literal(true), senha: z.string().optional() });

/** The audit log's actions. */
export const AUDIT_ACTIONS = [
  'account_created', 'plan_changed', 'account_suspended', 'account_reactivated', 'password_reset', 'account_deleted',
  'panel_accessed', 'api_key_used',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.number(),
  /** Who: an account's login, or `api:<key name>` for a billing system. */
  autor: z.string(),
  acao: z.enum(AUDIT_ACTIONS),
  /** The account acted on (its login when the entry was written). */
  conta: z.string(),
  detalhe: z.string(),
  data: z.string(),
});
export const auditResponseSchema = z.object({ success: z.literal(true), entradas: z.array(auditEntrySchema) });

/**
 * The operator's 'Administração' (tipo admin only; anyone else 403 `operator_only`):
 *
 *   GET    /api/admin/revendas             every reseller with its pool and use, and the installation's totals
 *   POST   /api/admin/revendas             a new reseller with its pool (a generated password is answered once)
 *   PUT    /api/admin/revendas/{id}/pool   a new pool, never below what its streamings hold
 *
 * Suspending, reactivating and deleting a reseller go through /api/revenda/streamings/{id}/….
 */

const poolStreamings = z.number(coded('plan_value_invalid', { field: 'streamings' }))
  .int(coded('plan_value_invalid', { field: 'streamings' }))
  .min(1, coded('plan_value_invalid', { field: 'streamings' }))
  .max(100_000, coded('plan_value_invalid', { field: 'streamings' }));

/** A reseller's pool: how many streamings, the most bitrate one may have, viewers and storage (MB) to hand out. */
export const resellerPoolBody = streamingPlanBody.extend({ streamings: poolStreamings });
export type ResellerPoolBody = z.infer<typeof resellerPoolBody>;

export const newResellerBody = newStreamingBody.extend({ streamings: poolStreamings });
export type NewResellerBody = z.infer<typeof newResellerBody>;

/** A reseller as the operator sees it: its account, its pool and what its streamings hold and really use. */
export const resellerSummarySchema = z.object({
  id: z.number(),
  usuario: z.string(),
  nome: z.string(),
  email: z.string(),
  suspensa: z.boolean(),
  created_at: z.string(),
  pool: poolSchema,
  /** MB really used by its streamings' libraries */
  espaco_real: z.number(),
  /** its streamings on air now */
  ao_vivo: z.number(),
});
export type ResellerSummary = z.infer<typeof resellerSummarySchema>;

/** The installation now: accounts by type, channels live, viewers watching, storage used (MB). */
export const installationTotalsSchema = z.object({
  contas: z.object({ admin: z.number(), revenda: z.number(), streaming: z.number() }),
  ao_vivo: z.number(),
  espectadores_agora: z.number(),
  espaco_usado: z.number(),
});
export type InstallationTotals = z.infer<typeof installationTotalsSchema>;

export const resellersResponseSchema = z.object({
  success: z.literal(true),
  revendas: z.array(resellerSummarySchema),
  totais: installationTotalsSchema,
});
export type ResellersResponse = z.infer<typeof resellersResponseSchema>;

export const createdResellerResponseSchema = z.object({
  success: z.literal(true),
  revenda: resellerSummarySchema,
  /** The generated password, answered this once; absent when the request gave one. */
  senha: z.string().optional(),
});
export const resellerResponseSchema = z.object({ success: z.literal(true), revenda: resellerSummarySchema });
