import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import AlertTriangle from 'lucide-react/icons/alert-triangle';
import ListVideo from 'lucide-react/icons/list-video';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Radio from 'lucide-react/icons/radio';
import Trash2 from 'lucide-react/icons/trash-2';
import type { Playlist } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { playlistsCatalogue } from '@/i18n/playlists.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { usePlaylists } from '@/lib/playlists.ts';
import { formatClock } from '@/lib/format.ts';
import { useCreatePlaylist } from '../api/create-playlist.ts';
import { useDeletePlaylist } from '../api/delete-playlist.ts';
import { useUpdatePlaylist } from '../api/update-playlist.ts';
import { PlaylistNameModal } from './playlist-name-modal.tsx';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

function PlaylistCard({
  playlist, selected, onAir, failing, onSelect, onEdit, onDelete, deleting,
}: {
  playlist: Playlist;
  selected: boolean;
  onAir: boolean;
  failing: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const playlistsTexts = useTexts(playlistsCatalogue);
  return (
    <li
      className={cn(
        'relative rounded-xl border p-4 transition-colors',
        selected ? 'border-blue-500 bg-blue-50 ring-2 ring-blue-200' : 'border-gray-200 bg-white hover:border-blue-300',
        deleting && 'opacity-50',
      )}
    >
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        className="block w-full rounded-lg pr-16 text-left focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600"
      >
        <span className="flex items-center gap-2">
          <ListVideo className="h-5 w-5 shrink-0 text-blue-600" aria-hidden="true" />
          {/* named by its content, the visible name read as part of 'Selecionar playlist …', so
              what is seen (name, videos, duration) is what speech input can say */}
          <span className="sr-only">{playlistsTexts.selectPlaylistCard({ name: playlist.nome })}</span>
          <span aria-hidden="true" className="min-w-0 font-semibold break-words text-gray-900" title={playlist.nome}>{playlist.nome}</span>
        </span>
        <span className="mt-2 block text-sm text-gray-600">{commonTexts.videoCount({ n: playlist.total_videos })}</span>
        <span className="block font-mono text-sm text-gray-600 tabular-nums" title={playlistsTexts.durationTotal({ duration: formatClock(playlist.duracao_total) })}>
          {formatClock(playlist.duracao_total)}
        </span>
      </button>
      {onAir && !failing && (
        <span className="mt-2 inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700">
          <Radio className="h-3 w-3" aria-hidden="true" />
          {playlistsTexts.onAirTag}
        </span>
      )}
      {onAir && failing && (
        <span data-testid="playlist-failing-tag" className="mt-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
          <AlertTriangle className="h-3 w-3" aria-hidden="true" />
          {playlistsTexts.failingTag}
        </span>
      )}
      <div className="absolute top-3 right-3 flex gap-0.5">
        <button
          type="button"
          onClick={onEdit}
          aria-label={playlistsTexts.editPlaylistAction({ name: playlist.nome })}
          title={playlistsTexts.editPlaylistAction({ name: playlist.nome })}
          className="rounded-lg p-1.5 text-gray-500 hover:bg-gray-100 hover:text-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={onDelete}
          disabled={deleting}
          aria-label={playlistsTexts.deletePlaylistAction({ name: playlist.nome })}
          title={playlistsTexts.deletePlaylistAction({ name: playlist.nome })}
          className="rounded-lg p-1.5 text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-50"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}

/** The playlist cards, 'Nova Playlist', renaming and deleting. Selecting a card opens it in the editor. */
export function PlaylistGrid({
  selectedId, onAirId, failing = false, onSelect,
}: {
  selectedId: number | null;
  onAirId: number | null;
  /** The broadcast of the playlist on air keeps failing: its card says so instead of 'No ar'. */
  failing?: boolean;
  onSelect: (id: number) => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const playlistsTexts = useTexts(playlistsCatalogue);
  const msg = useTexts(messageCatalogue);
  const playlists = usePlaylists();
  const create = useCreatePlaylist();
  const update = useUpdatePlaylist();
  const remove = useDeletePlaylist();
  const [naming, setNaming] = useState<{ playlist: Playlist | null } | null>(null);

  useEffect(() => {
    if (playlists.error) toast.error(errorMessage(playlists.error, msg.playlistsLoadError), { toastId: 'playlists-load-error' });
  }, [playlists.error]);

  function submitName(nome: string) {
    const editing = naming?.playlist;
    if (editing) {
      update.mutate(
        { id: editing.id, body: { nome } },
        {
          onSuccess: () => {
            toast.success(msg.playlistUpdated);
            setNaming(null);
          },
          onError: (e) => toast.error(errorMessage(e, msg.playlistUpdateError)),
        },
      );
      return;
    }
    create.mutate(nome, {
      onSuccess: (p) => {
        toast.success(msg.playlistCreated);
        setNaming(null);
        onSelect(p.id);
      },
      onError: (e) => toast.error(errorMessage(e, msg.playlistCreateError)),
    });
  }

  const confirm = useConfirm();

  async function drop(p: Playlist) {
    if (!(await confirm(msg.playlistDeleteConfirm(p.nome)))) return;
    remove.mutate(p.id, {
      onSuccess: () => toast.success(msg.playlistDeleted),
      onError: (e) => toast.error(errorMessage(e, msg.playlistDeleteError)),
    });
  }

  const list = playlists.data ?? [];
  return (
    <SectionCard
      title={commonTexts.playlists}
      icon={ListVideo}
      actions={
        <Button onClick={() => setNaming({ playlist: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {playlistsTexts.newPlaylist}
        </Button>
      }
    >
      {playlists.isPending ? (
        <LoadingState label={playlistsTexts.loading} />
      ) : playlists.isError && !playlists.data ? (
        <div className="flex flex-col items-center gap-3 py-8 text-sm">
          <p className="text-red-600">{msg.playlistsLoadError}</p>
          <Button variant="secondary" onClick={() => void playlists.refetch()}>{msg.tryAgain}</Button>
        </div>
      ) : list.length === 0 ? (
        <p className="py-6 text-center text-sm text-gray-500">{playlistsTexts.noPlaylists}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {list.map((p) => (
            <PlaylistCard
              key={p.id}
              playlist={p}
              selected={p.id === selectedId}
              onAir={p.id === onAirId}
              failing={failing}
              onSelect={() => onSelect(p.id)}
              onEdit={() => setNaming({ playlist: p })}
              onDelete={() => drop(p)}
              deleting={remove.isPending && remove.variables === p.id}
            />
          ))}
        </ul>
      )}
      {naming && (
        <PlaylistNameModal
          title={naming.playlist ? playlistsTexts.editPlaylistTitle : playlistsTexts.newPlaylist}
          initial={naming.playlist?.nome ?? ''}
          submitLabel={naming.playlist ? commonTexts.save : playlistsTexts.createPlaylist}
          busyLabel={naming.playlist ? commonTexts.saving : commonTexts.creating}
          busy={create.isPending || update.isPending}
          onSubmit={submitName}
          onClose={() => setNaming(null)}
        />
      )}
    </SectionCard>
  );
}
