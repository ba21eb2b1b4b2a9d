import { useQuery } from '@tanstack/react-query';
import { ftpConnectionStatusSchema, type FtpConnectionStatus } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const ftpConnectionQueryKey = ['ftp', 'connection'] as const;

export type FtpConnection = Omit<FtpConnectionStatus, 'success'>;

/** GET /api/ftp/connection-status: whether this account has a browsing session open, and where. */
export function getConnectionStatus(): Promise<FtpConnection> {
  return apiRequest('/api/ftp/connection-status', { schema: ftpConnectionStatusSchema });
}

export function useFtpConnection() {
  return useQuery({ queryKey: ftpConnectionQueryKey, queryFn: getConnectionStatus, refetchOnWindowFocus: false });
}
