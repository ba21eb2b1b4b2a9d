import { loginName, streamNameOf } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { playlistsCatalogue } from '@/i18n/playlists.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { ExternalPlayer } from '@/components/external-player.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useUser } from '@/lib/auth.ts';
import { useOwnerPreview } from '@/lib/owner-preview.ts';
import { buildPlayerUrl } from '@/lib/player-url.ts';
import type { StreamingStatus } from '@/lib/streaming-status.ts';

/** 'Visualizar': the channel's own player (what viewers see) showing the playlist on air. */
export function LivePreviewModal({ status, onClose }: { status: StreamingStatus; onClose: () => void }) {
  const commonTexts = useTexts(commonCatalogue);
  const playlistsTexts = useTexts(playlistsCatalogue);
  const { data: user } = useUser();
  const login = user ? loginName(user) : '';
  // the owner watching their own playlist on air is no audience
  const preview = useOwnerPreview(login);
  const name = status.transmission?.playlist_nome || status.playout?.playlist_nome || status.transmission?.titulo || '';
  const stream = status.obs_stream.streamName || (login ? streamNameOf(login) : undefined);
  return (
    <Modal open title={playlistsTexts.livePreviewTitle({ name })} onClose={onClose} size="lg">
      <ExternalPlayer
        src={buildPlayerUrl({ login, stream, player: 'hlsjs', contador: false, previa: preview.previa })}
        pending={preview.pending}
        title={commonTexts.livePlayerLabel({ label: name })}
        isLive
        liveType={commonTexts.liveTypePlaylist}
      />
    </Modal>
  );
}
