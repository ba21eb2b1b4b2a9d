import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ftpListResponseSchema, type FtpConnectBody, type FtpListResponse } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { ftpConnectionQueryKey, type FtpConnection } from './get-connection-status.ts';

/** POST /api/ftp/connect: logs in to the old host and answers the login directory's listing. */
export function connectFtp(body: FtpConnectBody): Promise<FtpListResponse> {
  return apiRequest('/api/ftp/connect', { method: 'POST', body, schema: ftpListResponseSchema });
}

export function useConnectFtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ftp', 'connect'],
    mutationFn: connectFtp,
    // the page switches to the browser at once, without waiting for the status to be read again
    onSuccess: (r, body) => {
      const connection: FtpConnection = { connected: true, host: body.ip, porta: body.porta, usuario: body.usuario, currentPath: r.currentPath };
      queryClient.setQueryData(ftpConnectionQueryKey, connection);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ftpConnectionQueryKey }),
  });
}
