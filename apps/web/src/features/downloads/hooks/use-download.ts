import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast.ts';
import { DOWNLOADS, YOUTUBE_HOST } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow } from '@/i18n/runtime.ts';
import { errorMessage, serverText } from '@/lib/api-client.ts';
import { foldersQueryKey } from '@/lib/folders.ts';
import { useFollowedJob } from '@/lib/followed-job.ts';
import { useCancelDownload } from '../api/cancel-download.ts';
import { useDownloadStatus } from '../api/get-download-status.ts';
import { recentDownloadsQueryKey } from '../api/get-recent-downloads.ts';
import { useStartDownload } from '../api/start-download.ts';
import { readStatus } from '../utils/download-tracking.ts';
import type { LinkCheck } from '../utils/link-check.ts';

/**
 * The download the page follows: idle until 'Baixar' (or a download found running on arrival),
 * then its status every 5 s until it completes (success toast, 'Recentes' and folders reload,
 * `onCompleted` clears the link), fails (error toast) or is cancelled.
 */
export function useDownload(onCompleted: () => void) {
  const queryClient = useQueryClient();
  const { status, followed, follow, isFollowing } = useFollowedJob({
    useStatus: useDownloadStatus,
    read: readStatus,
    onOutcome: (outcome) => {
      const msg = textsNow(messageCatalogue);
      if (outcome.kind === 'completed') {
        toast.success(msg.downloadDone(outcome.title));
        void queryClient.invalidateQueries({ queryKey: recentDownloadsQueryKey });
        void queryClient.invalidateQueries({ queryKey: foldersQueryKey });
        onCompleted();
      } else if (outcome.kind === 'error') {
        toast.error(msg.downloadError(serverText(outcome.error, msg.downloadFailed)));
      }
    },
  });
  const start = useStartDownload();
  const cancel = useCancelDownload();

  function submit(link: string, folderId: number | null, check: LinkCheck) {
    const msg = textsNow(messageCatalogue);
    if (!link.trim() || !folderId) return void toast.error(msg.downloadFieldsRequired);
    if (check.state !== 'valid') return void toast.error(msg.downloadNotYoutube(YOUTUBE_HOST));
    if (isFollowing() || status.data?.downloading) return void toast.error(msg.downloadBusy);
    start.mutate(
      { url: link.trim(), id_pasta: folderId, quality: DOWNLOADS.quality, format: DOWNLOADS.format },
      {
        onSuccess: (r) => {
          follow(r.id);
          toast.info(serverText(r.message, msg.downloadStarted));
        },
        onError: (error) => toast.error(errorMessage(error, msg.downloadStartError)),
      },
    );
  }

  function stop() {
    const msg = textsNow(messageCatalogue);
    cancel.mutate(undefined, {
      onSuccess: () => {
        follow(null);
        toast.info(msg.downloadCanceled);
      },
      onError: (error) => toast.error(errorMessage(error, msg.downloadCancelError)),
    });
  }

  return {
    /** the followed download's latest status; undefined until the first read after 'Baixar' */
    current: status.data && followed !== null && status.data.id === followed ? status.data : undefined,
    following: followed !== null,
    readAt: status.dataUpdatedAt,
    submit, stop, starting: start.isPending, cancelling: cancel.isPending,
  };
}
