import { z } from 'zod';
import { coded } from './coded.ts';

/**
 * The installation's media servers (several machines on one PostgreSQL), the operator's
 * 'Administração' → 'Servidores' (tipo admin only; anyone else 403 `operator_only`):
 *   GET /api/admin/servidores       every server with its addresses, load and accounts
 *   PUT /api/admin/servidores/{id}  the server's HLS edge address ({ edge_url }: http(s) or null)
 *
 * A server is online while its worker's heartbeat (every 5 s) is younger than 15 s.
 */

/** A server's last reported load. */
export const serverLoadSchema = z.object({
  cpu_percentual: z.number(),
  nucleos: z.number(),
  canais_ao_vivo: z.number(),
  processos: z.number(),
  espectadores: z.number(),
  disco_livre_mb: z.number(),
  disco_total_mb: z.number(),
});
export type ServerLoad = z.infer<typeof serverLoadSchema>;

export const serverSummarySchema = z.object({
  /** The server's NODE_ID (the accounts' codigo_servidor). */
  id: z.number(),
  host: z.string(),
  public_url: z.string(),
  rtmp_port: z.number(),
  ftp_port: z.number(),
  online: z.boolean(),
  iniciado_em: z.string(),
  batida_em: z.string(),
  carga: serverLoadSchema,
  contas: z.number(),
  /** The HLS edge the players of its accounts use; null: the server itself. */
  edge_url: z.string().nullable(),
});
export type ServerSummary = z.infer<typeof serverSummarySchema>;

export const serversResponseSchema = z.object({
  success: z.literal(true),
  servidores: z.array(serverSummarySchema),
  /** The NODE_ID of the server that answered. */
  este_servidor: z.number(),
});
export const serverResponseSchema = z.object({ success: z.literal(true), servidor: serverSummarySchema });

/**
 * An edge address: http(s)://host[:port] with an optional path, no query; empty or null clears it.
 * It is stored as parsed and normalised (`URL.href`, without a trailing slash), never as typed.
 */
export const serverEdgeBody = z.object({
  edge_url: z.string(coded('edge_url_invalid')).trim().max(2048, coded('edge_url_invalid'))
    .refine((v) => v === '' || edgeUrl(v) !== null, coded('edge_url_invalid'))
    .transform((v) => (v === '' ? null : edgeUrl(v)))
    .nullable(),
});
export type ServerEdgeBody = z.infer<typeof serverEdgeBody>;

/**
 * Only the characters RFC 3986 allows in a URI (unreserved, reserved, and '%' as the start of a
 * well-formed escape): no control character, space, quote, angle bracket, backslash or brace.
 */
const RFC3986 = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/;

/** The normalised form of an edge address, or null when it is not one. */
export function edgeUrl(v: string): string | null {
  if (!RFC3986.test(v)) return null;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return null;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.hostname === '' || u.username || u.password || u.search || u.hash) return null;
  // '?' or '#' with nothing after them leave no search or hash, but are not part of an address either
  if (/[?#]/.test(v)) return null;
  return u.href.replace(/\/+$/, '');
}

/** The server the operator picks for a new account (absent: the automatic placement). */
export const serverChoice = z.number(coded('server_not_found')).int(coded('server_not_found')).min(1, coded('server_not_found'))
  .max(2_147_483_647, coded('server_not_found'));
