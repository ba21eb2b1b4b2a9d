import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logoUploadResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { logosQueryKey } from './get-logos.ts';

export const uploadLogoMutationKey = ['logos', 'upload'] as const;

/** POST /api/logos (multipart: the name first, then the PNG or JPEG file in "logo"). */
export async function uploadLogo(file: File) {
  const form = new FormData();
  form.append('nome', file.name.replace(/\.[^.]*$/, '').slice(0, 100));
  form.append('logo', file, file.name);
  return apiRequest('/api/logos', { method: 'POST', body: form, schema: logoUploadResponseSchema });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: uploadLogoMutationKey,
    mutationFn: uploadLogo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: logosQueryKey }),
  });
}
