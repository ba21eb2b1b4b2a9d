import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';

/*
 * GET /api/folders. It lives in lib because the video manager, the playlists page (its folder
 * selector) and the commercials page (the commercials folder) read the same list; one cache
 * entry keeps them in step when a folder is created, renamed or deleted.
 */

/** Every folder query (the list and each folder's info) lives under this prefix. */
export const foldersQueryKey = ['folders'] as const;

export const folderSchema = z.object({
  id: z.number(),
  nome: z.string(),
  video_count_db: z.coerce.number().catch(0),
  /** MB */
  espaco_usado: z.coerce.number().catch(0),
  /** share of the plan's storage, not capped */
  percentage_used: z.coerce.number().catch(0),
});
export type FolderItem = z.infer<typeof folderSchema>;

/** GET /api/folders: entries the panel cannot read are left out rather than failing the page. */
export async function getFolders(): Promise<FolderItem[]> {
  const data = await apiRequest('/api/folders');
  if (!Array.isArray(data)) throw new Error('GET /api/folders: not an array');
  return data.flatMap((item) => {
    const r = folderSchema.safeParse(item);
    return r.success ? [r.data] : [];
  });
}

export function useFolders() {
  return useQuery({ queryKey: foldersQueryKey, queryFn: getFolders });
}
