import { useMutation, useQueryClient } from '@tanstack/react-query';
import { convertResultSchema, type ConvertBody, type ConvertResult } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { conversionStatusKey } from './get-conversion-status.ts';

export type ConvertResponse = ConvertResult;

/** POST /api/conversion/convert: queues the conversion; the worker runs it. */
export function convertVideo(body: ConvertBody): Promise<ConvertResponse> {
  return apiRequest('/api/conversion/convert', { method: 'POST', body, schema: convertResultSchema });
}

export function useConvertVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertVideo,
    // the video's card starts following it at once (queued, then running)
    onSuccess: (r, body) => {
      queryClient.setQueryData(conversionStatusKey(Number(body.video_id)), r.conversion_status);
    },
  });
}
