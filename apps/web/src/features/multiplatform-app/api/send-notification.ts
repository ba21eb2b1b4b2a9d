import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

const responseSchema = z.object({ message: z.string().catch(''), enviados: z.number().catch(0), falhas: z.number().catch(0) });

export interface PushInput {
  titulo: string;
  icone: File;
  imagem: File | null;
  link: string;
  mensagem: string;
}

/** POST /api/app-multiplataforma/notifications: pushed to every visitor who subscribed in the app. */
export async function sendNotification(input: PushInput): Promise<z.infer<typeof responseSchema>> {
  const body = new FormData();
  body.append('titulo', input.titulo.trim());
  body.append('url_icone', input.icone, input.icone.name);
  if (input.imagem) body.append('url_imagem', input.imagem, input.imagem.name);
  body.append('url_link', input.link.trim());
  body.append('mensagem', input.mensagem.trim());
  return responseSchema.parse((await apiRequest('/api/app-multiplataforma/notifications', { method: 'POST', body })) ?? {});
}

export function useSendNotification() {
  return useMutation({ mutationKey: ['app-multiplataforma', 'notifications'], mutationFn: sendNotification });
}
