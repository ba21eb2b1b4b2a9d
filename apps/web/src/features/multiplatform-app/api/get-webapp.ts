import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { WEBAPP_DEFAULTS, type WebApp } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { apkPollMs } from '../utils/webapp-view.ts';

export const webappQueryKey = ['app-multiplataforma'] as const;

const text = z.string().catch('');
const color = (fallback: string) => z.string().regex(/^#[0-9a-f]{6}$/i).catch(fallback);

// Lenient: a field the server leaves out or garbles reads as empty (or its default)
export const webappSchema = z.object({
  id: z.number().catch(0),
  nome: text,
  email: text,
  whatsapp: text,
  url_facebook: text,
  url_instagram: text,
  url_twitter: text,
  url_site: text,
  url_youtube: text,
  cor_texto: color(WEBAPP_DEFAULTS.cor_texto),
  cor_menu_claro: color(WEBAPP_DEFAULTS.cor_menu_claro),
  cor_menu_escuro: color(WEBAPP_DEFAULTS.cor_menu_escuro),
  cor_splash: color(WEBAPP_DEFAULTS.cor_splash),
  text_prog: text,
  text_hist: text,
  modelo: z.union([z.literal(1), z.literal(2)]).catch(WEBAPP_DEFAULTS.modelo),
  chat: z.boolean().catch(false),
  contador: z.boolean().catch(false),
  url_logo: text,
  url_background: text,
  url_chat: text,
  apk_criado: z.boolean().catch(false),
  apk_zip: text,
  apk_status: z.enum(['none', 'building', 'done', 'error']).catch('none'),
  link: text,
  qr_code: text,
}) satisfies z.ZodType<WebApp>;

const responseSchema = z.object({ app: webappSchema.nullable().catch(null) });

/** GET /api/app-multiplataforma: the account's app, or null before it is created. */
export async function getWebApp(): Promise<WebApp | null> {
  return responseSchema.parse((await apiRequest('/api/app-multiplataforma')) ?? {}).app;
}

/** Read again every few seconds while the app's APK is being built, so the page sees it end. */
export function useWebApp() {
  return useQuery({
    queryKey: webappQueryKey,
    queryFn: getWebApp,
    refetchInterval: (query) => apkPollMs(query.state.data),
  });
}
