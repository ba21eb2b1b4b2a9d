import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { msg } from '@painel/contract';
import { errorMessage } from '@/lib/api-client.ts';
import { foldersQueryKey } from '@/lib/folders.ts';
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
  const followedRef = useRef<number | null>(null);
  const [followed, setFollowedState] = useState<number | null>(null);
  // the migration the popup speaks of: the followed one, and still that one once it ended
  const [shown, setShown] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const status = useMigrationStatus(followed !== null);
  const start = useStartMigration();
  const cancel = useCancelMigration();
  const completedRef = useRef(onCompleted);
  completedRef.current = onCompleted;

  const follow = (id: number | null) => {
    followedRef.current = id;
    setFollowedState(id);
    if (id !== null) setShown(id);
  };

  useEffect(() => {
    // each answer once: a re-render must not toast the same ending twice
    if (!status.data) return;
    const { follow: next, outcome } = readMigration(followedRef.current, status.data);
    if (next !== followedRef.current) follow(next);
    if (outcome?.kind === 'completed') {
      toast.success(msg.ftpMigrationDone(outcome.migrated));
      void queryClient.invalidateQueries({ queryKey: foldersQueryKey });
      completedRef.current();
      // files that were refused are told in the popup, also when it had been closed
      if (outcome.refused > 0) setOpen(true);
    } else if (outcome?.kind === 'error') {
      toast.error(msg.ftpMigrationFailed);
      void queryClient.invalidateQueries({ queryKey: foldersQueryKey });
      setOpen(true);
    }
  }, [status.data, status.dataUpdatedAt, queryClient]);

  function submit(files: string[], folderId: number | null) {
    if (!files.length) return void toast.error(msg.ftpSelectFile);
    if (!folderId) return void toast.error(msg.ftpSelectFolder);
    if (followedRef.current !== null || status.data?.migrating) return void toast.error(msg.ftpMigrationBusy);
    start.mutate({ files, destinationFolder: folderId }, {
      onSuccess: (r) => {
        follow(r.id);
        setOpen(true);
        toast.info(r.message);
      },
      onError: (error) => toast.error(errorMessage(error, msg.ftpMigrationError)),
    });
  }

  function stop() {
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
