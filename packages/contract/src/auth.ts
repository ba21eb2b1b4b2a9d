import { z } from 'zod';
import { coded } from './coded.ts';

/** The installation's operator (admin), a reseller (revenda) and a channel (streaming). */
export const ACCOUNT_TYPES = ['admin', 'revenda', 'streaming'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const loginBody = z.object({
  email: z.string(coded('login_required')).trim().min(1, coded('login_required')).max(254),
  password: z.string(coded('password_required')).min(1, coded('password_required')).max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The User entity the front end validates after login. */
export const user = z.object({
  id: z.number(),
  usuario: z.string(),
  nome: z.string(),
  email: z.string().min(1),
  tipo: z.enum(ACCOUNT_TYPES).optional().default('streaming'),
  streamings: z.number(),
  espectadores: z.number(),
  bitrate: z.number(),
  espaco: z.number().optional(),
  codigo_servidor: z.number().nullable().optional(),
  codigo_cliente: z.number().nullable().optional(),
  effective_user_id: z.number().optional(),
  /** Set while a reseller or the operator is in this account's panel ('Acessar painel'). */
  acessado_por: z.object({ usuario: z.string(), nome: z.string() }).optional(),
});
export type User = z.infer<typeof user>;

export const loginResponse = z.object({
  success: z.literal(true),
  token: z.string().min(1),
  user,
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** GET /api/auth/me: the session's user. */
export const meResponse = z.object({ success: z.literal(true), user });

/** effective_user_id: the account itself for revenda, else the linked client code, else the id. */
export function effectiveUserId(u: { id: number; tipo?: AccountType | undefined; codigo_cliente?: number | null | undefined }): number {
  if (u.tipo === 'revenda') return u.id;
  return u.codigo_cliente ?? u.id;
}

/** Login name: usuario, else the e-mail's local part, else 'user_' plus the id. */
export function loginName(u: { id: number; usuario?: string | null | undefined; email?: string | null | undefined }): string {
  if (u.usuario) return u.usuario;
  const local = u.email?.split('@')[0];
  return local ? local : `user_${u.id}`;
}
