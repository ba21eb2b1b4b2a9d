import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, webAppBannerAddedSchema } from '@painel/contract';
import { bannersQueryKey } from './get-banners.ts';
import { messageCall } from './message-call.ts';

/** POST /api/app-multiplataforma/banners: multipart nome, banner (the image), link. */
export function addBanner(input: { nome: string; banner: File; link: string }): Promise<string> {
  const body = new FormData();
  body.append('nome', input.nome.trim());
  body.append('banner', input.banner, input.banner.name);
  body.append('link', input.link.trim());
  return messageCall('/api/app-multiplataforma/banners', { method: 'POST', body }, webAppBannerAddedSchema);
}

/** DELETE /api/app-multiplataforma/banners/{id}. */
export const deleteBanner = (id: number): Promise<string> =>
  messageCall(`/api/app-multiplataforma/banners/${id}`, { method: 'DELETE' }, messageResponseSchema);

/** Adding or removing a banner reads the list again. */
function useBannerChange<V>(name: string, mutationFn: (v: V) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...bannersQueryKey, name],
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bannersQueryKey }),
  });
}

export const useAddBanner = () => useBannerChange('add', addBanner);
export const useDeleteBanner = () => useBannerChange('delete', deleteBanner);
