import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { playlistSchema, type Playlist } from '@painel/contract';
import { apiRequest } from './api-client.ts';

/*
 * GET /api/playlists. It lives in lib because the playlists page edits the list while the
 * schedule calendar and the commercials page offer it in their selects; every playlist query
 * (the list, each playlist's videos) sits under one prefix, so a change refreshes them all.
 */
export const playlistsQueryKey = ['playlists'] as const;

const playlistsSchema = z.array(playlistSchema);

/** GET /api/playlists: the account's playlists, newest first. */
export function getPlaylists(): Promise<Playlist[]> {
  return apiRequest('/api/playlists', { schema: playlistsSchema });
}

export function usePlaylists() {
  return useQuery({ queryKey: playlistsQueryKey, queryFn: getPlaylists });
}
