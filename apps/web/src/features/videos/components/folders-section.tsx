import { useState } from 'react';
import FolderPlus from 'lucide-react/icons/folder-plus';
import Folders from 'lucide-react/icons/folders';
import { toast } from '@/lib/toast.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { videosCatalogue } from '@/i18n/videos.ts';
import { RECORDINGS_FOLDER } from '@painel/contract';
import { errorMessage } from '@/lib/api-client.ts';
import { useRecordings } from '@/lib/recordings.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { useCreateFolder } from '../api/create-folder.ts';
import { useDeleteFolder } from '../api/delete-folder.ts';
import type { FolderInfoItem } from '../api/get-folder-info.ts';
import type { FolderItem } from '@/lib/folders.ts';
import { useRenameFolder } from '../api/rename-folder.ts';
import { useSyncFolder } from '../api/sync-folder.ts';
import { syncMessage } from '../utils/sync-message.ts';
import { FolderCard } from './folder-card.tsx';
import { FolderNameModal } from './folder-name-modal.tsx';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

/** The folder grid with "Nova Pasta", and the create, rename, sync and delete actions. */
export function FoldersSection({
  folders, loading, failed, selectedId, selectedInfo, onSelect,
}: {
  folders: FolderItem[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: number | null;
  selectedInfo: FolderInfoItem | undefined;
  onSelect: (id: number | null) => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const videosTexts = useTexts(videosCatalogue);
  const recordings = useRecordings();
  const msg = useTexts(messageCatalogue);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<FolderItem | null>(null);
  const create = useCreateFolder();
  const rename = useRenameFolder();
  const remove = useDeleteFolder();
  const sync = useSyncFolder();

  function onCreate(nome: string) {
    create.mutate(nome, {
      onSuccess: ({ id }) => {
        toast.success(textsNow(messageCatalogue).folderCreated);
        setCreating(false);
        if (id !== undefined) onSelect(id);
      },
      onError: (e) => toast.error(errorMessage(e, textsNow(messageCatalogue).folderCreateError)),
    });
  }

  function onRename(folder: FolderItem, nome: string) {
    rename.mutate(
      { id: folder.id, nome },
      {
        onSuccess: () => {
          toast.success(textsNow(messageCatalogue).folderRenamed);
          setRenaming(null);
        },
        onError: (e) => toast.error(errorMessage(e, textsNow(messageCatalogue).folderRenameError)),
      },
    );
  }

  const confirm = useConfirm();

  async function onDelete(folder: FolderItem) {
    if (!(await confirm(textsNow(videosCatalogue).deleteFolderConfirm({ name: folder.nome })))) return;
    remove.mutate(folder.id, {
      onSuccess: () => {
        toast.success(textsNow(messageCatalogue).folderDeleted);
        if (selectedId === folder.id) onSelect(null);
      },
      onError: (e) => toast.error(errorMessage(e, textsNow(messageCatalogue).folderDeleteError)),
    });
  }

  function onSync(folder: FolderItem) {
    sync.mutate(folder.id, {
      onSuccess: (r) => {
        if (r.message) toast.success(syncMessage(r));
      },
      // sync failures are only logged
      onError: (e) => console.error('sync', e),
    });
  }

  return (
    <SectionCard
      title={commonTexts.folders}
      icon={Folders}
      actions={
        <Button onClick={() => setCreating(true)}>
          <FolderPlus className="h-4 w-4" aria-hidden="true" />
          {videosTexts.newFolder}
        </Button>
      }
    >
      {loading && <LoadingState label={commonTexts.foldersLoading} />}
      {!loading && failed && !folders && <p className="py-6 text-center text-sm text-red-600">{msg.foldersLoadError}</p>}
      {folders && folders.length === 0 && <p className="py-6 text-center text-sm text-gray-500">{videosTexts.noFolders}</p>}
      {folders && folders.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {folders.map((folder) => (
            <FolderCard
              key={folder.id}
              folder={folder}
              info={folder.id === selectedId && selectedInfo?.id === folder.id ? selectedInfo : undefined}
              selected={folder.id === selectedId}
              syncing={sync.isPending && sync.variables === folder.id}
              recording={folder.nome === RECORDINGS_FOLDER && !!recordings.data?.gravando}
              onSelect={() => onSelect(folder.id)}
              onRename={() => setRenaming(folder)}
              onSync={() => onSync(folder)}
              onDelete={() => onDelete(folder)}
            />
          ))}
        </ul>
      )}

      {creating && (
        <FolderNameModal
          title={videosTexts.newFolder}
          submitLabel={videosTexts.createFolder}
          busyLabel={commonTexts.creating}
          busy={create.isPending}
          onSubmit={onCreate}
          onClose={() => setCreating(false)}
        />
      )}
      {renaming && (
        <FolderNameModal
          title={videosTexts.renameFolderTitle}
          initial={renaming.nome}
          submitLabel={commonTexts.save}
          busyLabel={commonTexts.saving}
          busy={rename.isPending}
          onSubmit={(nome) => onRename(renaming, nome)}
          onClose={() => setRenaming(null)}
        />
      )}
    </SectionCard>
  );
}
