import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { logosQueryKey } from './get-logos.ts';
import { playerSettingsQueryKey } from './get-player-settings.ts';

export const deleteLogoMutationKey = ['logos', 'delete'] as const;

const responseSchema = z.object({ message: z.string().optional().catch(undefined) });

/** DELETE /api/logos/{id}; a watermark using it is switched off by the server. */
export async function deleteLogo(id: number) {
  return responseSchema.parse((await apiRequest(`/api/logos/${id}`, { method: 'DELETE' })) ?? {});
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
