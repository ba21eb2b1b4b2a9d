import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow } from '@/i18n/runtime.ts';
import { errorMessage, serverText } from '@/lib/api-client.ts';
import { foldersQueryKey } from '@/lib/folders.ts';
import { useFollowedJob } from '@/lib/followed-job.ts';
import { useCancelMigration } from '../api/cancel-migration.ts';
import { useMigrationStatus } from '../api/get-migration-status.ts';
import { useStartMigration } from '../api/start-migration.ts';
import { readMigration } from '../utils/migration-view.ts';

/**
 * The migration the page follows: idle until 'Migrar Vídeos' (or one found running on arrival),
 * then its status every 5 s until it completes (success toast, folders reload, `onCompleted`
 * clears the selection; refused files shown in the popup), ends in error (error toast, the popup
 * shows the details) or is cancelled.
 */
export function useMigration(onCompleted: () => void) {
  const queryClient = useQueryClient();
  // the migration the popup speaks of: the followed one, and still that one once it ended
  const [shown, setShown] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const { status, followed, follow, isFollowing } = useFollowedJob({
    useStatus: useMigrationStatus,
    read: readMigration,
    onFollow: (id) => id !== null && setShown(id),
    onOutcome: (outcome) => {
      const msg = textsNow(messageCatalogue);
      if (outcome.kind === 'completed') {
        toast.success(msg.ftpMigrationDone(outcome.migrated));
        void queryClient.invalidateQueries({ queryKey: foldersQueryKey });
        onCompleted();
        // files that were refused are told in the popup, also when it had been closed
        if (outcome.refused > 0) setOpen(true);
      } else if (outcome.kind === 'error') {
        toast.error(msg.ftpMigrationFailed);
        void queryClient.invalidateQueries({ queryKey: foldersQueryKey });
        setOpen(true);
      }
    },
  });
  const start = useStartMigration();
  const cancel = useCancelMigration();

  function submit(files: string[], folderId: number | null) {
    const msg = textsNow(messageCatalogue);
    if (!files.length) return void toast.error(msg.ftpSelectFile);
    if (!folderId) return void toast.error(msg.ftpSelectFolder);
    if (isFollowing() || status.data?.migrating) return void toast.error(msg.ftpMigrationBusy);
    start.mutate({ files, destinationFolder: folderId }, {
      onSuccess: (r) => {
        follow(r.id);
        setOpen(true);
        toast.info(serverText(r.message, msg.ftpMigrationStarted(files.length)));
      },
      onError: (error) => toast.error(errorMessage(error, msg.ftpMigrationError)),
    });
  }

  function stop() {
    const msg = textsNow(messageCatalogue);
    cancel.mutate(undefined, {
      onSuccess: () => {
        follow(null);
        setShown(null);
        setOpen(false);
        toast.info(msg.ftpMigrationCanceled);
      },
      onError: (error) => toast.error(errorMessage(error, msg.ftpCancelError)),
    });
  }

  const data = status.data;
  return {
    /** The status the popup shows: the followed migration's, also once it ended (an older one's never). */
    status: data && data.id !== null && data.id === shown ? data : undefined,
    running: followed !== null,
    readAt: status.dataUpdatedAt,
    open,
    show: () => setOpen(true),
    hide: () => setOpen(false),
    submit, stop, starting: start.isPending, cancelling: cancel.isPending,
  };
}
