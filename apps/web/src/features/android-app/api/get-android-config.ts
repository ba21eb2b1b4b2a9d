import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { AndroidConfig } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { emptyConfig } from '../utils/android-view.ts';

export const androidConfigQueryKey = ['android-app', 'config'] as const;

const defaults = emptyConfig();
const text = (fallback: string) => z.string().catch(fallback);

const configSchema = z.object({
  webtv_nome: text(''),
  webtv_facebook: text(''),
  webtv_twitter: text(''),
  webtv_site: text(''),
  webtv_descricao: text(''),
  versao: text(defaults.versao),
  tema: text(defaults.tema),
  app_email: text(''),
  app_whatsapp: text(''),
  app_url_facebook: text(''),
  app_url_instagram: text(''),
  app_url_twitter: text(''),
  app_url_site: text(''),
  app_cor_texto: text(defaults.app_cor_texto),
  app_cor_menu_claro: text(defaults.app_cor_menu_claro),
  app_cor_menu_escuro: text(defaults.app_cor_menu_escuro),
  app_tela_inicial: z.coerce.number().catch(1).transform((n): 1 | 2 => (n === 2 ? 2 : 1)),
  chat: z.boolean().catch(false),
  app_url_chat: text(''),
  url_logo: text(''),
  url_icone: text(''),
  url_fundo: text(''),
});
const responseSchema = z.object({ config: configSchema.nullable().catch(null) });

/** GET /api/app-android/config: the saved configuration, or null before the first app. */
export async function getAndroidConfig(): Promise<AndroidConfig | null> {
  return responseSchema.parse((await apiRequest('/api/app-android/config')) ?? {}).config;
}

export function useAndroidConfig() {
  return useQuery({ queryKey: androidConfigQueryKey, queryFn: getAndroidConfig });
}
