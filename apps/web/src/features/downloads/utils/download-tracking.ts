import { downloadPhase, msg, type DownloadStatus } from '@painel/contract';

export type DownloadOutcome =
  | { kind: 'completed'; title: string }
  | { kind: 'error'; error: string }
  /** cancelled (here or in another tab): its row is gone, the status speaks of an older download */
  | { kind: 'ended' };

/**
 * What one status read means for the download the page follows (`followed`, its job id): keep
 * following the active one (also one found running on arrival), or how the followed one ended.
 * A finished download the page did not follow is history, not news: no toast for it.
 */
export function readStatus(
  followed: number | null,
  s: Pick<DownloadStatus, 'downloading' | 'id' | 'video_title' | 'filename' | 'error'> & { status: string },
): { follow: number | null; outcome: DownloadOutcome | null } {
  if (s.downloading) return { follow: s.id, outcome: null };
  if (followed === null) return { follow: null, outcome: null };
  if (s.id !== followed) return { follow: null, outcome: { kind: 'ended' } };
  const phase = s.status === 'idle' ? 'idle' : downloadPhase(s.status);
  if (phase === 'completed') return { follow: null, outcome: { kind: 'completed', title: s.video_title || s.filename } };
  if (phase === 'error') return { follow: null, outcome: { kind: 'error', error: s.error || msg.downloadFailed } };
  return { follow: null, outcome: { kind: 'ended' } };
}
