import { useQuery } from '@tanstack/react-query';
import { folderSchema, type Folder } from '@painel/contract';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';

/*
 * GET /api/folders. It lives in lib because the video manager, the playlists page (its folder
 * selector) and the commercials page (the commercials folder) read the same list; one cache
 * entry keeps them in step when a folder is created, renamed or deleted.
 */

/** Every folder query (the list and each folder's info) lives under this prefix. */
export const foldersQueryKey = ['folders'] as const;

export type FolderItem = Folder;

const foldersSchema = z.array(folderSchema);

/** GET /api/folders. */
export function getFolders(): Promise<FolderItem[]> {
  return apiRequest('/api/folders', { schema: foldersSchema });
}

export function useFolders() {
  return useQuery({ queryKey: foldersQueryKey, queryFn: getFolders });
}
