import { useMutation } from '@tanstack/react-query';
import { pushSentSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export interface PushInput {
  titulo: string;
  icone: File;
  imagem: File | null;
  link: string;
  mensagem: string;
}

/** POST /api/app-multiplataforma/notifications: pushed to every visitor who subscribed in the app. */
export function sendNotification(input: PushInput) {
  const body = new FormData();
  body.append('titulo', input.titulo.trim());
  body.append('url_icone', input.icone, input.icone.name);
  if (input.imagem) body.append('url_imagem', input.imagem, input.imagem.name);
  body.append('url_link', input.link.trim());
  body.append('mensagem', input.mensagem.trim());
  return apiRequest('/api/app-multiplataforma/notifications', { method: 'POST', body, schema: pushSentSchema });
}

export function useSendNotification() {
  return useMutation({ mutationKey: ['app-multiplataforma', 'notifications'], mutationFn: sendNotification });
}
