import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { playlistsQueryKey } from '@/lib/playlists.ts';
import { parseCandidateVideos } from '@/lib/playlist-candidate.ts';
import type { PlaylistVideo } from './get-folder-videos.ts';

export const playlistEntriesQueryKey = (id: number) => [...playlistsQueryKey, id, 'videos'] as const;

const entrySchema = z.object({ ordem: z.coerce.number().catch(0), videos: z.unknown() });

/** GET /api/playlists/{id}/videos: the playlist's videos in their order of play. */
export async function getPlaylistEntries(id: number): Promise<PlaylistVideo[]> {
  const data = await apiRequest(`/api/playlists/${id}/videos`);
  if (!Array.isArray(data)) throw new Error(`GET /api/playlists/${id}/videos: not an array`);
  const entries = data.flatMap((item) => {
    const r = entrySchema.safeParse(item);
    return r.success ? [r.data] : [];
  });
  entries.sort((a, b) => a.ordem - b.ordem);
  return parseCandidateVideos(entries.map((e) => e.videos));
}

export function usePlaylistEntries(id: number | null) {
  return useQuery({
    queryKey: playlistEntriesQueryKey(id ?? 0),
    queryFn: () => getPlaylistEntries(id ?? 0),
    enabled: id !== null,
  });
}
