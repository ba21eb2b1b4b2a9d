import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import type { Commercial } from '@painel/contract';
import { commercialsCatalogue } from '@/i18n/commercials.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useFolders, type FolderItem } from '@/lib/folders.ts';
import { usePlaylists } from '@/lib/playlists.ts';
import { useCommercials } from '../api/get-commercials.ts';
import { CommercialForm } from './commercial-form.tsx';
import { CommercialVideosModal } from './commercial-videos-modal.tsx';
import { CommercialsHelp } from './commercials-help.tsx';
import { CommercialsTable } from './commercials-table.tsx';

/** /dashboard/comerciais: the create/edit form, the configs, the folder preview and the help. */
export function CommercialsPage() {
  const commercialsTexts = useTexts(commercialsCatalogue);
  const msg = useTexts(messageCatalogue);
  const commercials = useCommercials();
  const playlists = usePlaylists();
  const folders = useFolders();
  const [editing, setEditing] = useState<Commercial | null>(null);
  const [viewing, setViewing] = useState<FolderItem | null>(null);
  const formBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // 'Editar' is clicked in the list below: bring the form it filled into view
    if (editing) formBox.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [editing]);

  useEffect(() => {
    if (commercials.error) console.error('GET /api/comerciais', commercials.error);
  }, [commercials.error]);
  useEffect(() => {
    if (playlists.error) toast.error(errorMessage(playlists.error, msg.playlistsLoadError), { toastId: 'playlists-load-error' });
  }, [playlists.error]);
  useEffect(() => {
    if (folders.error) toast.error(errorMessage(folders.error, msg.foldersLoadError), { toastId: 'folders-load-error' });
  }, [folders.error]);

  function viewFolder(folder: FolderItem | null) {
    if (!folder) {
      toast.error(msg.commercialFolderRequired);
      return;
    }
    setViewing(folder);
  }

  const configs = commercials.data ?? [];
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={commercialsTexts.title} subtitle={commercialsTexts.subtitle} />

      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div ref={formBox} className="scroll-mt-6 lg:col-span-3">
          <CommercialForm
            key={editing?.id ?? 'novo'}
            editing={editing}
            configs={configs}
            playlists={playlists.data ?? []}
            folders={folders.data ?? []}
            onDone={() => setEditing(null)}
            onViewFolder={viewFolder}
          />
        </div>
        <div className="lg:col-span-2">
          <CommercialsHelp />
        </div>
      </div>

      <CommercialsTable
        configs={configs}
        loading={commercials.isPending}
        failure={commercials.isError && !commercials.data ? errorMessage(commercials.error, msg.unknownError) : null}
        onRetry={() => void commercials.refetch()}
        editingId={editing?.id ?? null}
        onEdit={setEditing}
        onRemoved={(id) => setEditing((e) => (e?.id === id ? null : e))}
      />

      {viewing && <CommercialVideosModal folder={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
