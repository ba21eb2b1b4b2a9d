import { PLAYLIST_NAME_MAX, createPlaylistBody, msg, ui } from '@painel/contract';
import { NameModal } from '@/components/ui/name-modal.tsx';

type Props = Pick<Parameters<typeof NameModal>[0], 'title' | 'initial' | 'submitLabel' | 'busyLabel' | 'busy' | 'onSubmit' | 'onClose'>;

/** The 'Nova Playlist' and 'Editar Playlist' dialogs: a playlist name, required after trimming. */
export function PlaylistNameModal(p: Props) {
  return (
    <NameModal
      {...p}
      label={ui.playlistNameLabel}
      placeholder={ui.playlistNamePlaceholder}
      maxLength={PLAYLIST_NAME_MAX}
      schema={createPlaylistBody}
      requiredMessage={msg.playlistNameRequired}
    />
  );
}
