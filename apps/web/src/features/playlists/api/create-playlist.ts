import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playlistCreatedSchema, type Playlist } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { playlistsQueryKey } from '@/lib/playlists.ts';

/** POST /api/playlists {nome}: answers the new playlist. */
export async function createPlaylist(nome: string): Promise<Playlist> {
  return (await apiRequest('/api/playlists', { method: 'POST', body: { nome }, schema: playlistCreatedSchema })).playlist;
}

export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['playlists', 'create'],
    mutationFn: createPlaylist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: playlistsQueryKey }),
  });
}
