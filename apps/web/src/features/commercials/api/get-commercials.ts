import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Commercial } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const commercialsQueryKey = ['comerciais'] as const;

const commercialSchema = z.object({
  id: z.number(),
  id_playlist: z.coerce.number(),
  nome_playlist: z.string().catch(''),
  id_folder_comerciais: z.coerce.number(),
  nome_pasta: z.string().catch(''),
  videos_pasta: z.coerce.number().catch(0),
  quantidade_comerciais: z.coerce.number().catch(0),
  intervalo_videos: z.coerce.number().catch(0),
  ativo: z.preprocess((v) => (v === 1 || v === '1' || v === 'sim' ? true : v === 0 || v === '0' || v === 'nao' ? false : v), z.boolean()).catch(false),
});

/** GET /api/comerciais: the account's commercial configs, one per playlist. */
export async function getCommercials(): Promise<Commercial[]> {
  const data = await apiRequest('/api/comerciais');
  if (!Array.isArray(data)) throw new Error('GET /api/comerciais: not an array');
  return data.flatMap((item) => {
    const r = commercialSchema.safeParse(item);
    return r.success ? [r.data] : [];
  });
}

export function useCommercials() {
  return useQuery({ queryKey: commercialsQueryKey, queryFn: getCommercials });
}
