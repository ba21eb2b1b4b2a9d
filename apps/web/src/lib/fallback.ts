import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fallbackBody, fallbackConfigSchema, type FallbackBody, type FallbackConfig, type FallbackType } from '@painel/contract';
import { ApiError, apiRequest, issueText } from './api-client.ts';
import { fetchWithSession } from './session-download.ts';
import { useObjectUrl } from './use-object-url.ts';

/**
 * The channel's standby signal ('Sinal reserva'): the account's choice (Configurações) and the
 * slate's picture. What is on air now comes with the streaming status (`sinal_reserva`).
 */
export const fallbackQueryKey = ['sinal-reserva'] as const;
export const fallbackImageQueryKey = ['sinal-reserva', 'imagem'] as const;

export function useFallbackConfig() {
  return useQuery({
    queryKey: fallbackQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/sinal-reserva', { schema: fallbackConfigSchema, signal }),
  });
}

export function useSaveFallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FallbackBody): Promise<FallbackConfig> =>
      apiRequest('/api/sinal-reserva', { method: 'PUT', body, schema: fallbackConfigSchema }),
    onSuccess: (saved) => {
      // a save of the slate makes its picture again, read anew; another kind has none
      if (saved.tipo === 'imagem') void queryClient.invalidateQueries({ queryKey: fallbackImageQueryKey, exact: true });
      else queryClient.removeQueries({ queryKey: fallbackImageQueryKey, exact: true });
      queryClient.setQueryData(fallbackQueryKey, saved);
    },
  });
}

/**
 * GET /api/sinal-reserva/imagem: the slate's picture (PNG). It needs the session's bearer token,
 * which an <img src> cannot carry, so it is fetched and shown from a blob: address. Throws
 * ApiError like every other call, and a 401 ends the session the same way.
 */
export async function getFallbackImage(signal?: AbortSignal): Promise<Blob> {
  return (await fetchWithSession('/api/sinal-reserva/imagem', { accept: 'image/png', signal })).blob();
}

/** The slate's picture as a blob: address while the choice is the slate (released when it changes or goes). */
export function useFallbackImage(enabled: boolean) {
  const image = useQuery({
    queryKey: fallbackImageQueryKey,
    queryFn: ({ signal }) => getFallbackImage(signal),
    enabled,
    staleTime: Infinity,
  });
  const url = useObjectUrl(enabled ? (image.data ?? null) : null);
  return { url, loading: enabled && image.isPending, failed: enabled && image.isError };
}

/** The section's draft of the choice, before it is saved. */
export interface FallbackDraft {
  tipo: FallbackType;
  codigo_playlist: number | null;
  texto: string;
}

export type FallbackField = 'codigo_playlist' | 'texto';

/**
 * The body of a save, checked with the contract's rules: only what the kind uses is sent (the
 * slate's text with 'imagem', the playlist with 'playlist'). A refusal names its field and says
 * why in the panel's language, as the server would.
 */
export function fallbackBodyOf(draft: FallbackDraft):
  | { ok: true; body: FallbackBody }
  | { ok: false; field: FallbackField; message: string } {
  const body: FallbackBody = { tipo: draft.tipo };
  if (draft.tipo === 'imagem') body.texto = draft.texto;
  if (draft.tipo === 'playlist') body.codigo_playlist = draft.codigo_playlist;
  const r = fallbackBody.safeParse(body);
  if (r.success) return { ok: true, body: r.data };
  const issue = r.error.issues[0]!;
  return { ok: false, field: issue.path[0] === 'texto' ? 'texto' : 'codigo_playlist', message: issueText(issue) };
}

/** The field a server refusal of a save is about, by its code; null for one the section shows as a toast. */
export function fallbackErrorField(error: unknown): FallbackField | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case 'fallback_text_too_long':
      return 'texto';
    case 'fallback_playlist_required':
    case 'playlist_not_found':
    case 'playlist_empty':
      return 'codigo_playlist';
    default:
      return null;
  }
}
