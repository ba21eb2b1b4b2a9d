import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { AndroidApp } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { appsPollMs } from '../utils/android-view.ts';

export const androidAppsQueryKey = ['android-app', 'list'] as const;

const appSchema = z.object({
  id: z.number(),
  data: z.string().catch(''),
  // any status but 1 (done) and 2 (error) means the build is still running
  status: z.number().catch(0).transform((s): AndroidApp['status'] => (s === 1 || s === 2 ? s : 0)),
  aviso: z.string().catch(''),
  zip: z.string().catch(''),
  nome: z.string().catch(''),
  versao: z.string().catch(''),
  origem: z.enum(['android', 'multiplataforma']).catch('android'),
});
const responseSchema = z.object({ apps: z.array(appSchema).catch([]) });

/** GET /api/app-android: the account's built (and building) apps, newest first. */
export async function getAndroidApps(): Promise<AndroidApp[]> {
  return responseSchema.parse((await apiRequest('/api/app-android')) ?? {}).apps;
}

/** The list; reloaded every 3 s while an app is being built, never otherwise. */
export function useAndroidApps() {
  return useQuery({
    queryKey: androidAppsQueryKey,
    queryFn: getAndroidApps,
    refetchInterval: (query) => appsPollMs(query.state.data),
  });
}
