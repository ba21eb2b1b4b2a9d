import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { folderSchema, foldersQueryKey } from '@/lib/folders.ts';

export const folderInfoQueryKey = (id: number) => [...foldersQueryKey, id, 'info'] as const;

const folderInfoSchema = folderSchema.extend({
  server_info: z
    .object({ exists: z.boolean().catch(false), file_count: z.coerce.number().catch(0) })
    .nullish()
    .catch(null),
});
export type FolderInfoItem = z.infer<typeof folderInfoSchema>;

/** GET /api/folders/{id}/info: the list's counters, fresh, plus what is on disk. */
export async function getFolderInfo(id: number): Promise<FolderInfoItem> {
  return folderInfoSchema.parse(await apiRequest(`/api/folders/${id}/info`));
}

export function useFolderInfo(id: number | null) {
  return useQuery({
    queryKey: folderInfoQueryKey(id ?? 0),
    queryFn: () => getFolderInfo(id ?? 0),
    enabled: id !== null,
    retry: false,
  });
}
