import AlertTriangle from 'lucide-react/icons/alert-triangle';
import MonitorPlay from 'lucide-react/icons/monitor-play';
import Square from 'lucide-react/icons/square';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { playlistsCatalogue } from '@/i18n/playlists.ts';
import { useTexts, type Texts } from '@/i18n/runtime.ts';
import { LiveBanner } from '@/components/live-banner.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { liveStats, type StreamingStatus } from '@/lib/streaming-status.ts';

type Playout = NonNullable<StreamingStatus['playout']>;

/** The playout records a skipped file's reason as the server's Portuguese message: shown in the panel's language. */
function skipReason(reason: string, msg: Texts<typeof messageCatalogue.source>): string {
  const pt = messageCatalogue.source;
  if (reason === pt.playoutMissingFile) return msg.playoutMissingFile;
  if (reason === pt.playoutBrokenFile) return msg.playoutBrokenFile;
  return reason;
}

/** What the playout reports: the video on air now, how many played, and the files it had to skip. */
function PlayoutDetails({ playout }: { playout: Playout }) {
  const playlistsTexts = useTexts(playlistsCatalogue);
  const msg = useTexts(messageCatalogue);
  const fmt = useDateTimeFormat();
  const at = (when: string) => {
    const t = Date.parse(when);
    return Number.isFinite(t) ? fmt.time(t) : when;
  };
  return (
    <div className="space-y-3 bg-white/10 px-5 py-4 text-sm sm:px-6">
      <p>
        <span className="text-red-100">{playlistsTexts.playoutNowPlaying}: </span>
        {playout.atual ? (
          <>
            <span className="font-semibold" data-testid="playout-atual">{playout.atual.nome}</span>
            {playout.atual.comercial && (
              <span className="ml-2 rounded bg-white/25 px-1.5 py-0.5 text-xs font-semibold">{playlistsTexts.playoutCommercial}</span>
            )}
          </>
        ) : (
          <span className="italic">{playlistsTexts.playoutBetweenVideos}</span>
        )}
      </p>
      <p className="text-red-100">{playlistsTexts.playoutPlayed({ n: playout.reproduzidos })}</p>
      {playout.ignorados.length > 0 && (
        <div role="status" className="rounded-lg bg-amber-100 p-3 text-amber-900">
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
            {playlistsTexts.playoutSkippedTitle}
          </p>
          <p className="mt-1 text-xs">{playlistsTexts.playoutSkippedHint}</p>
          <ul className="mt-2 space-y-1" data-testid="playout-ignorados">
            {playout.ignorados.map((f) => (
              <li key={`${f.em}-${f.nome}`} className="flex flex-wrap gap-x-2">
                <span className="font-medium">{f.nome}</span>
                <span>— {skipReason(f.motivo, msg)}</span>
                {f.em && <span className="text-amber-700">{playlistsTexts.playoutSkippedAt({ when: at(f.em) })}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** While a playlist is on air: its name, measured viewers, bitrate and uptime, the preview and the stop. */
export function PlaylistLiveBanner({
  status, uptime, onPreview, onFinish, stopping,
}: {
  status: StreamingStatus;
  uptime: string;
  onPreview: () => void;
  onFinish: () => void;
  stopping: boolean;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const playlistsTexts = useTexts(playlistsCatalogue);
  const measured = liveStats(status);
  const name = status.transmission?.playlist_nome || status.playout?.playlist_nome || status.transmission?.titulo || '';
  return (
    <LiveBanner
      title={name}
      liveType={commonTexts.liveTypePlaylist}
      viewers={measured.viewers}
      bitrate={measured.bitrate}
      uptime={uptime}
      playlistName={null}
      bitrateWarning={null}
      badgeTestId="playlist-live-badge"
      titleTestId="live-playlist"
      actions={
        <>
          <button
            type="button"
            onClick={onPreview}
            className="inline-flex items-center gap-2 rounded-lg bg-white/15 px-4 py-2 text-sm font-medium hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
          >
            <MonitorPlay className="h-4 w-4" aria-hidden="true" />
            {playlistsTexts.previewBroadcast}
          </button>
          <button
            type="button"
            onClick={onFinish}
            disabled={stopping}
            className="inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-70"
          >
            {stopping ? <Spinner className="h-4 w-4" /> : <Square className="h-4 w-4" aria-hidden="true" />}
            {commonTexts.finish}
          </button>
        </>
      }
    >
      {status.playout && !status.playout.aguardando_obs && <PlayoutDetails playout={status.playout} />}
    </LiveBanner>
  );
}
