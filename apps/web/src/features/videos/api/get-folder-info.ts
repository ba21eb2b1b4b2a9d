import { useQuery } from '@tanstack/react-query';
import { folderInfoSchema, type FolderInfo } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { foldersQueryKey } from '@/lib/folders.ts';

export const folderInfoQueryKey = (id: number) => [...foldersQueryKey, id, 'info'] as const;

export type FolderInfoItem = FolderInfo;

/** GET /api/folders/{id}/info: the list's counters, fresh, plus what is on disk. */
export function getFolderInfo(id: number): Promise<FolderInfoItem> {
  return apiRequest(`/api/folders/${id}/info`, { schema: folderInfoSchema });
}

export function useFolderInfo(id: number | null) {
  return useQuery({
    queryKey: folderInfoQueryKey(id ?? 0),
    queryFn: () => getFolderInfo(id ?? 0),
    enabled: id !== null,
    retry: false,
  });
}
