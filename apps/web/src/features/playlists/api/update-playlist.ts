import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playlistSavedSchema, type UpdatePlaylistBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { playlistsQueryKey } from '@/lib/playlists.ts';

/** PUT /api/playlists/{id}: a new name, or the whole list of videos in order (or both). */
export async function updatePlaylist({ id, body }: { id: number; body: UpdatePlaylistBody }): Promise<void> {
  await apiRequest(`/api/playlists/${id}`, { method: 'PUT', body, schema: playlistSavedSchema });
}

/** Refreshes the list (totals change) and the playlist's own entries. */
export function useUpdatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['playlists', 'update'],
    mutationFn: updatePlaylist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: playlistsQueryKey }),
  });
}
