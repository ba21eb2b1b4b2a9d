import { isPlaylistCandidate, msg, type CompatibilityStatus, type Compativel } from '@painel/contract';

export interface CandidateFacts {
  is_mp4: boolean;
  bitrate_video: number;
  compativel: Compativel;
  compatibility_status: CompatibilityStatus;
}

/**
 * Why a video cannot play in a playlist broadcast (as an entry or as a commercial): the
 * contract's rule, which the server applies too. Null when it can.
 */
export function candidateRefusal(v: CandidateFacts, limitKbps: number): string | null {
  if (isPlaylistCandidate(v, limitKbps)) return null;
  if (!v.is_mp4) return msg.playlistVideoNotMp4;
  if (v.bitrate_video > limitKbps) return msg.playlistVideoBitrate(v.bitrate_video, limitKbps);
  if (v.compatibility_status === 'other') return msg.compatibilityChecking;
  return msg.playlistVideoIncompatible;
}
