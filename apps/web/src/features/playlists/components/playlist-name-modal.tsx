import { PLAYLIST_NAME_MAX, createPlaylistBody } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { playlistsCatalogue } from '@/i18n/playlists.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { NameModal } from '@/components/ui/name-modal.tsx';

type Props = Pick<Parameters<typeof NameModal>[0], 'title' | 'initial' | 'submitLabel' | 'busyLabel' | 'busy' | 'onSubmit' | 'onClose'>;

/** The 'Nova Playlist' and 'Editar Playlist' dialogs: a playlist name, required after trimming. */
export function PlaylistNameModal(p: Props) {
  const playlistsTexts = useTexts(playlistsCatalogue);
  const msg = useTexts(messageCatalogue);
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
