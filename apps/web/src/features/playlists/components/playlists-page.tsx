import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast.ts';
import Hourglass from 'lucide-react/icons/hourglass';
import { PLAYLIST_TIMINGS } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { playlistsCatalogue } from '@/i18n/playlists.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { planBitrate } from '@/lib/account.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useUser } from '@/lib/auth.ts';
import { usePlaylists } from '@/lib/playlists.ts';
import { liveSinceMs, useStreamingStatus } from '@/lib/streaming-status.ts';
import { useUptime } from '@/lib/use-uptime.ts';
import { useUpdatePlaylist } from '../api/update-playlist.ts';
import { usePlaylistBroadcast } from '../hooks/use-playlist-broadcast.ts';
import { usePlaylistEditor } from '../hooks/use-playlist-editor.ts';
import { AvailableVideos } from './available-videos.tsx';
import { LivePreviewModal } from './live-preview-modal.tsx';
import { PlaylistEditor } from './playlist-editor.tsx';
import { PlaylistGrid } from './playlist-grid.tsx';
import { PlayoutFailingNotice } from '@/components/playout-failing-notice.tsx';
import { PlaylistLiveBanner } from './playlist-live-banner.tsx';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

/** /dashboard/playlists: the playlist on air, the playlists, and the editor of the selected one. */
export function PlaylistsPage() {
  const playlistsTexts = useTexts(playlistsCatalogue);
  const msg = useTexts(messageCatalogue);
  const navigate = useNavigate();
  const { data: user } = useUser();
  const playlists = usePlaylists();
  const status = useStreamingStatus({ pollMs: PLAYLIST_TIMINGS.statusPollMs });
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = playlists.data?.find((p) => p.id === chosen) ?? null;
  const editor = usePlaylistEditor(selected?.id ?? null);
  const update = useUpdatePlaylist();
  const broadcast = usePlaylistBroadcast();
  const [previewing, setPreviewing] = useState(false);

  const s = status.data;
  const playlistLive = !!s?.is_live && s.stream_type === 'playlist';
  const onAirId = s?.playout?.codigo_playlist ?? (playlistLive ? (s?.transmission?.codigo_playlist ?? null) : null);
  const uptime = useUptime(playlistLive ? liveSinceMs(s, status.dataUpdatedAt) : null);
  const inPlaylist = useMemo(() => new Set(editor.videos.map((v) => v.id)), [editor.videos]);

  useEffect(() => {
    if (editor.error) toast.error(errorMessage(editor.error, msg.playlistsLoadError), { toastId: 'playlist-entries-error' });
  }, [editor.error]);
  useEffect(() => {
    if (!playlistLive) setPreviewing(false);
  }, [playlistLive]);

  const confirm = useConfirm();

  async function select(id: number) {
    if (id === chosen) return;
    if (editor.dirty && !(await confirm(playlistsTexts.discardConfirm))) return;
    setChosen(id);
  }

  /** PUT the videos in their order; false (with the toast saying why) when it did not happen. */
  async function save(announce: boolean): Promise<boolean> {
    if (!selected) {
      toast.error(msg.selectPlaylist);
      return false;
    }
    if (editor.videos.length === 0) {
      toast.error(msg.playlistNeedsVideo);
      return false;
    }
    try {
      await update.mutateAsync({ id: selected.id, body: { videos: editor.videos.map((v, i) => ({ id: v.id, ordem: i + 1 })) } });
      editor.markSaved(selected.id);
      if (announce) toast.success(textsNow(messageCatalogue).playlistSaved);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, textsNow(messageCatalogue).playlistSaveError));
      return false;
    }
  }

  function transmit() {
    if (!selected) {
      toast.error(msg.selectPlaylist);
      return;
    }
    if (editor.videos.length === 0) {
      toast.error(msg.playlistEmpty);
      return;
    }
    void broadcast.transmit(selected, () => save(false));
  }

  function schedule() {
    if (!selected) {
      toast.error(msg.selectPlaylist);
      return;
    }
    navigate(`/dashboard/agendamentos?playlist=${selected.id}`);
  }

  const waiting = s?.playout?.aguardando_obs ? s.playout : null;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={playlistsTexts.title} subtitle={playlistsTexts.subtitle} />

      {playlistLive && s && (
        <PlaylistLiveBanner
          status={s}
          uptime={uptime ?? s.transmission?.stats.uptime ?? ''}
          onPreview={() => setPreviewing(true)}
          onFinish={() => broadcast.finish(s)}
          stopping={broadcast.stopping}
        />
      )}
      <PlayoutFailingNotice status={s} />
      {waiting && (
        <p role="status" className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <Hourglass className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          {msg.playlistWaitsForObs(waiting.playlist_nome ?? '')}
        </p>
      )}

      <PlaylistGrid selectedId={selected?.id ?? null} onAirId={onAirId} failing={!!s?.playout?.falha} onSelect={select} />

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <AvailableVideos
          limitKbps={planBitrate(user)}
          inPlaylist={inPlaylist}
          onAdd={(video) => (selected ? editor.add(video) : toast.error(msg.selectPlaylist))}
        />
        <PlaylistEditor
          playlist={selected}
          videos={editor.videos}
          loading={editor.loading}
          failed={editor.failed}
          onRetry={editor.retry}
          dirty={editor.dirty}
          onMove={editor.move}
          onRemove={editor.remove}
          onSave={() => void save(true)}
          saving={update.isPending && !broadcast.starting}
          onShuffle={() => {
            editor.shuffle();
            toast.success(msg.playlistShuffled);
          }}
          anyLive={!!s?.is_live}
          onAir={selected !== null && selected.id === onAirId}
          onTransmit={transmit}
          starting={broadcast.starting}
          onFinish={() => broadcast.finish(s)}
          stopping={broadcast.stopping}
          onSchedule={schedule}
        />
      </div>

      {previewing && s && <LivePreviewModal status={s} onClose={() => setPreviewing(false)} />}
    </div>
  );
}
