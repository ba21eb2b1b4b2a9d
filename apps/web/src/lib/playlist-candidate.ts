import { z } from 'zod';
import { videoSchema, type Video } from '@painel/contract';

/**
 * A library video as the playlist editor and the commercials popup read it: the library's own
 * answer, which carries what decides whether it may play in a playlist broadcast
 * (`candidateRefusal` of the contract).
 */
export type CandidateVideo = Video;

/** A list of library videos (GET /api/videos, GET /api/comerciais/pasta/{id}/videos). */
export const videoListSchema = z.array(videoSchema);
