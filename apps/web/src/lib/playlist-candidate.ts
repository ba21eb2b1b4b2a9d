import { z } from 'zod';
import { COMPATIBILITY_STATUSES, msg } from '@painel/contract';
import { ApiError } from '@/lib/api-client.ts';

/**
 * A library video as the playlist editor and the commercials popup read it: what decides
 * whether it may play in a playlist broadcast (`candidateRefusal` of the contract).
 */
export const candidateVideoSchema = z.object({
  id: z.number(),
  nome: z.string().catch(''),
  /** seconds */
  duracao: z.coerce.number().catch(0),
  /** kbps; 0 when unknown */
  bitrate_video: z.coerce.number().catch(0),
  is_mp4: z.boolean().catch(false),
  compativel: z.enum(['sim', 'otimizado', 'nao']).catch('nao'),
  compatibility_status: z.enum(COMPATIBILITY_STATUSES).catch('other'),
});
export type CandidateVideo = z.infer<typeof candidateVideoSchema>;

/** A list of videos: an answer that is not an array is an error; unreadable entries are dropped. */
export function parseCandidateVideos(data: unknown): CandidateVideo[] {
  if (!Array.isArray(data)) throw new ApiError(200, msg.videosInvalidResponse);
  return data.flatMap((item) => {
    const r = candidateVideoSchema.safeParse(item);
    return r.success ? [r.data] : [];
  });
}
