import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

export const ftpConnectionQueryKey = ['ftp', 'connection'] as const;

const schema = z.object({
  connected: z.boolean().catch(false),
  host: z.string().nullable().catch(null),
  porta: z.number().nullable().catch(null),
  usuario: z.string().nullable().catch(null),
  currentPath: z.string().nullable().catch(null),
});
export type FtpConnection = z.infer<typeof schema>;

/** GET /api/ftp/connection-status: whether this account has a browsing session open, and where. */
export async function getConnectionStatus(): Promise<FtpConnection> {
  return schema.parse(await apiRequest('/api/ftp/connection-status'));
}

export function useFtpConnection() {
  return useQuery({ queryKey: ftpConnectionQueryKey, queryFn: getConnectionStatus, refetchOnWindowFocus: false });
}
