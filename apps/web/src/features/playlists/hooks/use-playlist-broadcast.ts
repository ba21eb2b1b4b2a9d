import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast.ts';
import { PLAYLIST_TIMINGS, type Playlist } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow } from '@/i18n/runtime.ts';
import { errorMessage, serverText } from '@/lib/api-client.ts';
import { getStreamingStatus, streamingStatusQueryKey, type StreamingStatus } from '@/lib/streaming-status.ts';
import { useStartPlaylistBroadcast } from '../api/start-playlist-broadcast.ts';
import { useStopTransmission } from '@/lib/stop-transmission.ts';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** The transmission a 'Finalizar' ends: the playout's (also while it waits for OBS), else the one on air. */
export function playlistTransmissionId(s: StreamingStatus | undefined): number | undefined {
  return s?.playout?.transmission_id ?? (s?.stream_type === 'playlist' ? s.transmission?.id : undefined);
}

/**
 * 'Transmitir Playlist' and 'Finalizar Transmissão'. Transmitting saves the playlist first and
 * waits 1 s; when a broadcast turns out to be live by then, the user confirms, it is stopped and
 * 2 s pass before the playlist starts (loop on, SMIL on, no recording, no extra platforms).
 */
export function usePlaylistBroadcast() {
  const queryClient = useQueryClient();
  const start = useStartPlaylistBroadcast();
  const stop = useStopTransmission();
  const confirm = useConfirm();
  const [starting, setStarting] = useState(false);

  async function transmit(playlist: Playlist, save: () => Promise<boolean>) {
    setStarting(true);
    try {
      if (!(await save())) return;
      await wait(PLAYLIST_TIMINGS.afterSaveMs);
      // the page's status may be up to 30 s old: ask again before deciding
      const now = await queryClient.fetchQuery({ queryKey: streamingStatusQueryKey, queryFn: getStreamingStatus, staleTime: 0 });
      if (now.is_live) {
        if (!(await confirm(textsNow(messageCatalogue).playlistReplaceConfirm))) return;
        try {
          await stop.mutateAsync({ transmission_id: now.transmission?.id, stream_type: now.stream_type ?? 'playlist' });
        } catch (error) {
          toast.error(errorMessage(error, textsNow(messageCatalogue).playlistStopCurrentError));
          return;
        }
        await wait(PLAYLIST_TIMINGS.afterStopMs);
      }
      const started = await start.mutateAsync({
        titulo: playlist.nome,
        descricao: '',
        playlist_id: playlist.id,
        platform_ids: [],
        enable_recording: false,
        use_smil: true,
        loop_playlist: true,
      });
      // on air now, or queued behind the OBS broadcast: the server's Portuguese says which, and so does its answer
      const msg = textsNow(messageCatalogue);
      const title = started.titulo || playlist.nome;
      toast.success(serverText(started.message, started.held ? msg.playlistWaitsForObs(title) : msg.playlistStarted(title)));
    } catch (error) {
      toast.error(errorMessage(error, textsNow(messageCatalogue).playlistStartError));
    } finally {
      setStarting(false);
    }
  }

  async function finish(status: StreamingStatus | undefined) {
    const msg = textsNow(messageCatalogue);
    const id = playlistTransmissionId(status);
    if (id === undefined) {
      toast.error(msg.noActiveTransmission);
      return;
    }
    if (!(await confirm(msg.playlistStopConfirm))) return;
    stop.mutate(
      { transmission_id: id, stream_type: 'playlist' },
      {
        onSuccess: () => toast.success(textsNow(messageCatalogue).transmissionStopped),
        onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).playlistStopError)),
      },
    );
  }

  return { transmit, finish, starting, stopping: stop.isPending && !starting };
}
