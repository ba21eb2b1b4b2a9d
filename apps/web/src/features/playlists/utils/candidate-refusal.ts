import { isPlaylistCandidate, type Video } from '@painel/contract';
import type { messageCatalogue } from '@/i18n/messages.ts';
import type { Texts } from '@/i18n/runtime.ts';

/**
 * Why a library video cannot play in a playlist broadcast (or as a commercial), in the panel's
 * language; null when it can. The same verdict as the contract's `candidateRefusal`, whose
 * texts are the server's Portuguese.
 */
export function candidateRefusalText(
  v: Pick<Video, 'is_mp4' | 'bitrate_video' | 'compativel' | 'compatibility_status'>,
  limitKbps: number,
  texts: Texts<typeof messageCatalogue.source>,
): string | null {
  if (isPlaylistCandidate(v, limitKbps)) return null;
  if (!v.is_mp4) return texts.playlistVideoNotMp4;
  if (v.bitrate_video > limitKbps) return texts.playlistVideoBitrate(v.bitrate_video, limitKbps);
  if (v.compatibility_status === 'other') return texts.compatibilityChecking;
  return texts.playlistVideoIncompatible;
}
