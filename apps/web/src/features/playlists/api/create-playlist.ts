import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Playlist } from '@painel/contract';
import { ApiError, apiRequest } from '@/lib/api-client.ts';
import { parsePlaylist, playlistsQueryKey } from '@/lib/playlists.ts';

/** POST /api/playlists {nome}: answers the new playlist. */
export async function createPlaylist(nome: string): Promise<Playlist> {
  const data = await apiRequest('/api/playlists', { method: 'POST', body: { nome } });
  const body = typeof data === 'object' && data !== null && 'playlist' in data ? (data as { playlist: unknown }).playlist : data;
  const playlist = parsePlaylist(body);
  if (!playlist) throw new ApiError(200);
  return playlist;
}

export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['playlists', 'create'],
    mutationFn: createPlaylist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: playlistsQueryKey }),
  });
}
