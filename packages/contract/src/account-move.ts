import { z } from 'zod';
import { notJson } from './responses/entry.ts';
import { serverChoice } from './servers.ts';
import { successResponseSchema } from './success.ts';

/**
 * Moving an account to another media server, the operator's 'Administração' → 'Mover para outro
 * servidor' (tipo admin only; anyone else 403 `operator_only`):
 *   POST /api/admin/contas/{id}/mover  { codigo_servidor }  queues the move (run by the target's worker)
 *   GET  /api/admin/contas/{id}/mover                       the current or last move (null: none)
 *
 * Between the servers themselves (a short-lived token signed with the installation's key):
 *   GET  /api/interno/contas/{id}/arquivos                  the account's files: path, size, sha256
 *   GET  /api/interno/contas/{id}/arquivo?caminho=…         one file's bytes (Range honoured)
 *   POST /api/interno/contas/{id}/liberar                   the old server deletes its copy
 */

export const accountMoveBody = z.object({ codigo_servidor: serverChoice });
export type AccountMoveBody = z.infer<typeof accountMoveBody>;

/** queued, copying the files, done (the account is on the target), failed (the account stayed whole on the source). */
export const ACCOUNT_MOVE_STATES = ['na_fila', 'copiando', 'concluida', 'falhou'] as const;
export type AccountMoveState = (typeof ACCOUNT_MOVE_STATES)[number];

export const accountMoveSchema = z.object({
  id: z.number(),
  estado: z.enum(ACCOUNT_MOVE_STATES),
  /** The server the account was on and the one it goes to. */
  origem: z.number(),
  destino: z.number(),
  /** 0–100, by bytes copied. */
  progresso: z.number(),
  bytes_copiados: z.number(),
  bytes_total: z.number(),
  arquivos_copiados: z.number(),
  arquivos_total: z.number(),
  /** Why it failed (Portuguese), and the catalogue code when there is one. */
  erro: z.string().nullable(),
  codigo_erro: z.string().nullable(),
  criada_em: z.string(),
  concluida_em: z.string().nullable(),
});
export type AccountMove = z.infer<typeof accountMoveSchema>;

export const accountMoveResponseSchema = z.object({
  success: z.literal(true),
  /** The server the account is on now. */
  servidor: z.number(),
  mudanca: accountMoveSchema.nullable(),
});
export type AccountMoveResponse = z.infer<typeof accountMoveResponseSchema>;

/** One file of an account, its path relative to DATA_DIR (the same on every server). */
export const accountFileSchema = z.object({ caminho: z.string(), tamanho: z.number(), sha256: z.string() });
export type AccountFile = z.infer<typeof accountFileSchema>;

export const accountFilesResponseSchema = z.object({
  success: z.literal(true),
  arquivos: z.array(accountFileSchema),
  /** The top-level entries (folders and files) the files live under, each moved into place as one. */
  raizes: z.array(z.string()),
});
export type AccountFilesResponse = z.infer<typeof accountFilesResponseSchema>;

/** The routes above, for the registry of answers (responses/). */
export const accountMoveResponses = {
  'POST /api/admin/contas/:id/mover': accountMoveResponseSchema,
  'GET /api/admin/contas/:id/mover': accountMoveResponseSchema,
  'GET /api/interno/contas/:id/arquivos': accountFilesResponseSchema,
  'GET /api/interno/contas/:id/arquivo': notJson('application/octet-stream'),
  'POST /api/interno/contas/:id/liberar': successResponseSchema,
};
