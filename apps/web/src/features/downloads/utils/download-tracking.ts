import { downloadPhase, type DownloadStatus } from '@painel/contract';
import { readJob, type JobEnded } from '../../../lib/followed-job.ts';

export type DownloadOutcome =
  | { kind: 'completed'; title: string }
  /** `error`: the server's reason, null when it gave none */
  | { kind: 'error'; error: string | null }
  | JobEnded;

/** What one status read means for the download the page follows (see readJob). */
export function readStatus(
  followed: number | null,
  s: Pick<DownloadStatus, 'downloading' | 'id' | 'video_title' | 'filename' | 'error'> & { status: string },
): { follow: number | null; outcome: DownloadOutcome | null } {
  return readJob<DownloadOutcome>(followed, { active: s.downloading, id: s.id }, () => {
    const phase = s.status === 'idle' ? 'idle' : downloadPhase(s.status);
    if (phase === 'completed') return { kind: 'completed', title: s.video_title || s.filename };
    if (phase === 'error') return { kind: 'error', error: s.error || null };
    return null;
  });
}
