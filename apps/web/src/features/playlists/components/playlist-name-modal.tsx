import { PLAYLIST_NAME_MAX, createPlaylistBody, msg } from '@painel/contract';
import { playlistsTexts } from '@/i18n/pt-BR/playlists.ts';
import { NameModal } from '@/components/ui/name-modal.tsx';

type Props = Pick<Parameters<typeof NameModal>[0], 'title' | 'initial' | 'submitLabel' | 'busyLabel' | 'busy' | 'onSubmit' | 'onClose'>;

/** The 'Nova Playlist' and 'Editar Playlist' dialogs: a playlist name, required after trimming. */
export function PlaylistNameModal(p: Props) {
  return (
    <NameModal
      {...p}
      label={playlistsTexts.nameLabel}
      placeholder={playlistsTexts.namePlaceholder}
      maxLength={PLAYLIST_NAME_MAX}
      schema={createPlaylistBody}
      requiredMessage={msg.playlistNameRequired}
    />
  );
}
