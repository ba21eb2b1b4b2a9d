import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ConvertBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { conversionStatusKey, conversionStatusSchema } from './get-conversion-status.ts';

const responseSchema = z.object({
  message: z.string().catch(''),
  quality_label: z.string().catch(''),
  target_bitrate: z.coerce.number().catch(0),
  file_size: z.coerce.number().catch(0),
  conversion_status: conversionStatusSchema.nullish().catch(null),
});
export type ConvertResponse = z.infer<typeof responseSchema>;

/** POST /api/conversion/convert: queues the conversion; the worker runs it. */
export async function convertVideo(body: ConvertBody): Promise<ConvertResponse> {
  return responseSchema.parse((await apiRequest('/api/conversion/convert', { method: 'POST', body })) ?? {});
}

export function useConvertVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertVideo,
    // the video's card starts following it at once (queued, then running)
    onSuccess: (r, body) => {
      if (r.conversion_status) queryClient.setQueryData(conversionStatusKey(Number(body.video_id)), r.conversion_status);
    },
  });
}
