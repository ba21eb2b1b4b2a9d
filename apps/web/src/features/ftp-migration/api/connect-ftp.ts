import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FtpConnectBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { ftpConnectionQueryKey, type FtpConnection } from './get-connection-status.ts';
import { listingSchema, type Listing } from './ftp-entries.ts';

/** POST /api/ftp/connect: logs in to the old host and answers the login directory's listing. */
export async function connectFtp(body: FtpConnectBody): Promise<Listing> {
  return listingSchema.parse(await apiRequest('/api/ftp/connect', { method: 'POST', body }));
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
