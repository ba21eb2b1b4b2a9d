import { z } from 'zod';
import { coded } from './coded.ts';
import { managedAccountSchema, newStreamingBody, poolSchema, streamingPlanBody } from './management.ts';

/**
 * Billing systems (WHMCS, Blesta…): API keys and the provisioning API.
 *
 * The operator's keys (tipo admin only):
 *   GET    /api/admin/api-keys        every key (name, prefix, scope, created, last use, revoked)
 *   POST   /api/admin/api-keys        a new key, answered once as `pk_<prefix>_<secret>`
 *   DELETE /api/admin/api-keys/{id}   revoke
 *
 * The provisioning API, `Authorization: Bearer <api key>`, errors in English:
 *   POST   /api/provisioning/v1/accounts                    create a streaming or (installation key) a reseller
 *   GET    /api/provisioning/v1/accounts/{login}            plan, usage and state
 *   PUT    /api/provisioning/v1/accounts/{login}/plan       a new plan
 *   POST   /api/provisioning/v1/accounts/{login}/suspend    suspend
 *   POST   /api/provisioning/v1/accounts/{login}/unsuspend  reactivate
 *   POST   /api/provisioning/v1/accounts/{login}/password   a new password (given, or generated and answered once)
 *   DELETE /api/provisioning/v1/accounts/{login}            delete
 * A call that changes something may carry an `Idempotency-Key`: a retry answers the first result.
 */

export const apiKeyCreateBody = z.object({
  name: z.string(coded('api_key_name_invalid')).trim().min(1, coded('api_key_name_invalid')).max(64, coded('api_key_name_invalid')),
  /** A reseller's login: the key acts on that reseller's streamings only. Absent: the whole installation. */
  revenda: z.string().trim().max(254).optional(),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The visible part of the key (`pk_<prefix>_…`). */
  prefix: z.string(),
  /** The reseller the key is limited to (its login), or null for the whole installation. */
  revenda: z.string().nullable(),
  revenda_id: z.number().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyInfo = z.infer<typeof apiKeySchema>;

export const apiKeysResponseSchema = z.object({ success: z.literal(true), keys: z.array(apiKeySchema) });
export const createdApiKeyResponseSchema = z.object({
  success: z.literal(true),
  key: apiKeySchema,
  /** The whole key, answered this once (only its hash is kept). */
  secret: z.string(),
});
export const revokedApiKeyResponseSchema = z.object({ success: z.literal(true), key: apiKeySchema });

const streamingsCount = z.number(coded('plan_value_invalid', { field: 'streamings' }))
  .int(coded('plan_value_invalid', { field: 'streamings' }))
  .min(1, coded('plan_value_invalid', { field: 'streamings' }))
  .max(100_000, coded('plan_value_invalid', { field: 'streamings' }));

/** A new account: a streaming (of a reseller's pool, with `revenda`) or a reseller (its pool, and `streamings`). */
export const provisioningAccountBody = newStreamingBody.extend({
  tipo: z.enum(['streaming', 'revenda'], coded('account_type_invalid')).optional().default('streaming'),
  /** Installation keys: a reseller's login, to put the streaming in that reseller's pool. */
  revenda: z.string().trim().max(254).optional(),
  /** Resellers: how many streamings the pool holds (required for tipo revenda). */
  streamings: streamingsCount.optional(),
});
export type ProvisioningAccountBody = z.infer<typeof provisioningAccountBody>;

/** A new plan; `streamings` only for a reseller. */
export const provisioningPlanBody = streamingPlanBody.extend({ streamings: streamingsCount.optional() });
export type ProvisioningPlanBody = z.infer<typeof provisioningPlanBody>;

export const provisioningAccountResponseSchema = z.object({
  success: z.literal(true),
  account: managedAccountSchema,
  /** A reseller's pool (what it may hand out and what its streamings hold); null for a streaming. */
  pool: poolSchema.nullable(),
});
export const provisioningCreatedResponseSchema = provisioningAccountResponseSchema.extend({
  /** The generated password, answered this once; absent when the request gave one. */
  senha: z.string().optional(),
});
export const provisioningPasswordResponseSchema = z.object({ success: z.literal(true), senha: z.string().optional() });
export const provisioningDeletedResponseSchema = z.object({ success: z.literal(true) });
