import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { WebAppBanner } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { webappQueryKey } from './get-webapp.ts';

export const bannersQueryKey = [...webappQueryKey, 'banners'] as const;

const count = z.number().catch(0);
const text = z.string().catch('');

export const bannerSchema = z.object({
  id: z.number(),
  nome: text,
  link: text,
  url_imagem: text,
  data_cadastro: text,
  exibicoes: count,
  cliques: count,
}) satisfies z.ZodType<WebAppBanner>;

// a row without an id cannot be removed: it is left out
const responseSchema = z.object({
  banners: z.array(z.unknown()).catch([]).transform((rows) => rows.flatMap((r) => {
    const b = bannerSchema.safeParse(r);
    return b.success ? [b.data] : [];
  })),
});

/** GET /api/app-multiplataforma/banners. */
export async function getBanners(): Promise<WebAppBanner[]> {
  return responseSchema.parse((await apiRequest('/api/app-multiplataforma/banners')) ?? {}).banners;
}

export function useBanners() {
  return useQuery({ queryKey: bannersQueryKey, queryFn: getBanners });
}
