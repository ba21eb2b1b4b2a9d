import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { playlistsQueryKey } from '@/lib/playlists.ts';
import { playlistEntriesQueryKey } from './get-playlist-entries.ts';

/** DELETE /api/playlists/{id}: its bookings and commercial configs go with it; refused while on air. */
export async function deletePlaylist(id: number): Promise<void> {
  await apiRequest(`/api/playlists/${id}`, { method: 'DELETE', schema: messageResponseSchema });
}

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['playlists', 'delete'],
    mutationFn: deletePlaylist,
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: playlistEntriesQueryKey(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: playlistsQueryKey }),
  });
}
