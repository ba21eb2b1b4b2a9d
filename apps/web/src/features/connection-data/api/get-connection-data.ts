import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

export const connectionDataQueryKey = ['dados-conexao'] as const;

export const rtmpSchema = z.object({
  servidor: z.string(),
  /** The whole stream key OBS needs: {login}_live?key={secret} */
  chave: z.string(),
  stream_name: z.string().optional().catch(undefined),
});
const connectionDataSchema = z.object({
  ftp: z.object({
    host: z.string(),
    usuario: z.string(),
    senha: z.string(),
    porta: z.coerce.number(),
  }),
  rtmp: rtmpSchema,
  hls_url: z.string(),
});
export type ConnectionData = z.infer<typeof connectionDataSchema>;

/** GET /api/dados-conexao: FTP access, the RTMP address and stream key, the HLS address. */
export async function getConnectionData(): Promise<ConnectionData> {
  return connectionDataSchema.parse(await apiRequest('/api/dados-conexao'));
}

export function useConnectionData() {
  return useQuery({ queryKey: connectionDataQueryKey, queryFn: getConnectionData });
}
