import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Playlist } from '@painel/contract';
import { apiRequest } from './api-client.ts';

/*
 * GET /api/playlists. It lives in lib because the playlists page edits the list while the
 * schedule calendar and the commercials page offer it in their selects; every playlist query
 * (the list, each playlist's videos) sits under one prefix, so a change refreshes them all.
 */
export const playlistsQueryKey = ['playlists'] as const;

const playlistSchema = z.object({
  id: z.number(),
  nome: z.string().catch(''),
  total_videos: z.coerce.number().catch(0),
  duracao_total: z.coerce.number().catch(0),
  data_criacao: z.string().catch(''),
});

/** Parses one playlist of an answer; null when it has no id. */
export function parsePlaylist(raw: unknown): Playlist | null {
  const r = playlistSchema.safeParse(raw);
  return r.success ? r.data : null;
}

/** GET /api/playlists: the account's playlists, newest first. */
export async function getPlaylists(): Promise<Playlist[]> {
  const data = await apiRequest('/api/playlists');
  if (!Array.isArray(data)) throw new Error('GET /api/playlists: not an array');
  return data.flatMap((item) => {
    const p = parsePlaylist(item);
    return p ? [p] : [];
  });
}

export function usePlaylists() {
  return useQuery({ queryKey: playlistsQueryKey, queryFn: getPlaylists });
}
