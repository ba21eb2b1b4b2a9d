import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

export const logosQueryKey = ['logos'] as const;

export const logoSchema = z.object({ id: z.number(), nome: z.string(), url: z.string() });
export type Logo = z.infer<typeof logoSchema>;

/** GET /api/logos: the account's watermark logos. */
export async function getLogos(): Promise<Logo[]> {
  const data = await apiRequest('/api/logos');
  const list = Array.isArray(data) ? data : ((data as { logos?: unknown } | undefined)?.logos ?? []);
  return (Array.isArray(list) ? list : []).flatMap((l) => {
    const r = logoSchema.safeParse(l);
    return r.success ? [r.data] : [];
  });
}

export function useLogos() {
  return useQuery({ queryKey: logosQueryKey, queryFn: getLogos });
}
