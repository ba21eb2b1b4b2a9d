import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { LIBRARY_TIMINGS } from '@painel/contract';
import type { FolderItem } from '@/lib/folders.ts';
import { useSyncDatabase } from '../api/sync-database.ts';
import { useSyncFolder } from '../api/sync-folder.ts';
import { syncMessage } from '../utils/sync-message.ts';

/** Sync failures are only logged. */
const logSyncError = (error: unknown) => console.error('sync', error);

/**
 * The selected folder: selecting one loads its info and videos (the queries of
 * the page) and, 2 s later, syncs it with the server so files sent by FTP show up. An
 * empty folder list triggers one sync of the whole account, which also discovers folders.
 */
export function useFolderSelection(folders: FolderItem[] | undefined) {
  const [chosen, setChosen] = useState<number | null>(null);
  // a folder that vanished (deleted, or gone after a reload) is no longer selected
  const selectedId = chosen !== null && folders && !folders.some((f) => f.id === chosen) ? null : chosen;

  const { mutate: syncFolder } = useSyncFolder();
  const { mutate: syncDatabase } = useSyncDatabase();

  useEffect(() => {
    if (selectedId === null) return;
    const timer = setTimeout(() => {
      syncFolder(selectedId, {
        onSuccess: (r) => {
          // only news are worth a toast: files that appeared or vanished on the server
          if ((r.added > 0 || r.removed > 0) && r.message) toast.success(syncMessage(r));
        },
        onError: logSyncError,
      });
    }, LIBRARY_TIMINGS.folderAutoSyncMs);
    return () => clearTimeout(timer);
  }, [selectedId, syncFolder]);

  const syncedEmpty = useRef(false);
  const empty = folders !== undefined && folders.length === 0;
  useEffect(() => {
    if (!empty || syncedEmpty.current) return;
    syncedEmpty.current = true;
    syncDatabase(null, {
      onSuccess: (r) => {
        if (r.videos_count > 0 && r.message) toast.success(syncMessage(r, true));
      },
      onError: logSyncError,
    });
  }, [empty, syncDatabase]);

  return { selectedId, select: setChosen };
}
