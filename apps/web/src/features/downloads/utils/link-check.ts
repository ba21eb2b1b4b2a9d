import { youtubeVideoId, type VideoInfo } from '@painel/contract';

export type LinkCheck =
  | { state: 'unknown' }
  | { state: 'checking' }
  | { state: 'valid'; info: VideoInfo }
  /** `reason` is the warning shown once: the server's word on the link, or 'URL inválida'. */
  | { state: 'invalid'; reason: string };

/**
 * Worth asking the server about: a video-platform link, or any web address (only the server
 * knows the peers its operator declared). Anything else is invalid without a call.
 */
export function worthChecking(link: string): boolean {
  return youtubeVideoId(link) !== null || /^https?:\/\/\S+$/i.test(link.trim());
}

/**
 * The link's state: unknown (empty, or typing something that is no address yet), checking
 * (typing an address, or the server is being asked), valid, invalid.
 */
export function linkCheckOf(p: {
  typed: string;
  /** the link once the typing stopped for 2 s */
  settled: string;
  fetching: boolean;
  verdict: { valid: boolean; message: string; video_info: VideoInfo | null } | undefined;
  /** the server's error when the check itself failed (too many checks, connection) */
  failure: string | null;
  /** the reason for text that is no address, or a refusal without one ('URL inválida', in the panel's language) */
  invalidText: string;
}): LinkCheck {
  const typed = p.typed.trim();
  if (!typed) return { state: 'unknown' };
  if (p.settled !== typed) return worthChecking(typed) ? { state: 'checking' } : { state: 'unknown' };
  if (!worthChecking(typed)) return { state: 'invalid', reason: p.invalidText };
  if (p.failure !== null) return { state: 'invalid', reason: p.failure };
  if (p.fetching || !p.verdict) return { state: 'checking' };
  if (p.verdict.valid && p.verdict.video_info) return { state: 'valid', info: p.verdict.video_info };
  return { state: 'invalid', reason: p.verdict.message || p.invalidText };
}
