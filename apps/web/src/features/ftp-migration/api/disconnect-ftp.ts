import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { ftpConnectionQueryKey, type FtpConnection } from './get-connection-status.ts';

/** POST /api/ftp/disconnect: closes the session; the server forgets the password. */
export async function disconnectFtp(): Promise<void> {
  await apiRequest('/api/ftp/disconnect', { method: 'POST', schema: messageResponseSchema });
}

export function useDisconnectFtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['ftp', 'disconnect'],
    mutationFn: disconnectFtp,
    onSuccess: () => {
      const connection: FtpConnection = { connected: false, host: null, porta: null, usuario: null, currentPath: null };
      queryClient.setQueryData(ftpConnectionQueryKey, connection);
    },
  });
}
