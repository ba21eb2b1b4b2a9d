import { useQuery } from '@tanstack/react-query';
import { connectionDataSchema, type ConnectionData } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const connectionDataQueryKey = ['dados-conexao'] as const;

export type { ConnectionData };

/** GET /api/dados-conexao: FTP access, the RTMP address and stream key, the HLS address. */
export async function getConnectionData(): Promise<ConnectionData> {
  return apiRequest('/api/dados-conexao', { schema: connectionDataSchema });
}

export function useConnectionData() {
  return useQuery({ queryKey: connectionDataQueryKey, queryFn: getConnectionData });
}
