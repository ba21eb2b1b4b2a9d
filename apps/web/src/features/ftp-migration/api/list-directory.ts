import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { ftpListResponseSchema, type FtpListResponse } from '@painel/contract';

/** POST /api/ftp/list: the entries of a remote directory of the open session. */
export function listDirectory(path: string): Promise<FtpListResponse> {
  return apiRequest('/api/ftp/list', { method: 'POST', body: { path }, schema: ftpListResponseSchema });
}

export function useListDirectory() {
  return useMutation({ mutationKey: ['ftp', 'list'], mutationFn: listDirectory });
}
