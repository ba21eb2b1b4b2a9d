import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { playlistEntrySchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { playlistsQueryKey } from '@/lib/playlists.ts';
import type { PlaylistVideo } from './get-folder-videos.ts';

export const playlistEntriesQueryKey = (id: number) => [...playlistsQueryKey, id, 'videos'] as const;

const entriesSchema = z.array(playlistEntrySchema);

/** GET /api/playlists/{id}/videos: the playlist's videos in their order of play. */
export async function getPlaylistEntries(id: number): Promise<PlaylistVideo[]> {
  const entries = await apiRequest(`/api/playlists/${id}/videos`, { schema: entriesSchema });
  return entries.sort((a, b) => a.ordem - b.ordem).map((e) => e.videos);
}

export function usePlaylistEntries(id: number | null) {
  return useQuery({
    queryKey: playlistEntriesQueryKey(id ?? 0),
    queryFn: () => getPlaylistEntries(id ?? 0),
    enabled: id !== null,
  });
}
