import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { logosQueryKey } from './get-logos.ts';
import { playerSettingsQueryKey } from './get-player-settings.ts';

export const deleteLogoMutationKey = ['logos', 'delete'] as const;

/** DELETE /api/logos/{id}; a watermark using it is switched off by the server. */
export async function deleteLogo(id: number) {
  return apiRequest(`/api/logos/${id}`, { method: 'DELETE', schema: messageResponseSchema });
}

export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteLogoMutationKey,
    mutationFn: deleteLogo,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: logosQueryKey }),
        queryClient.invalidateQueries({ queryKey: playerSettingsQueryKey }),
      ]),
  });
}
