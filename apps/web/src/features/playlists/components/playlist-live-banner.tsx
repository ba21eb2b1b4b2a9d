import { AlertTriangle, Clock, Eye, Gauge, MonitorPlay, Radio, Square } from 'lucide-react';
import { ui } from '@painel/contract';
import { LiveBadge } from '@/components/ui/live-badge.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { liveStats, type StreamingStatus } from '@/lib/streaming-status.ts';

type Playout = NonNullable<StreamingStatus['playout']>;

/** What the playout reports: the video on air now, how many played, and the files it had to skip. */
function PlayoutDetails({ playout }: { playout: Playout }) {
  const fmt = useDateTimeFormat();
  const at = (when: string) => {
    const t = Date.parse(when);
    return Number.isFinite(t) ? fmt.time(t) : when;
  };
  return (
    <div className="space-y-3 bg-white/10 px-5 py-4 text-sm sm:px-6">
      <p>
        <span className="text-red-100">{ui.playoutNowPlaying}: </span>
        {playout.atual ? (
          <>
            <span className="font-semibold" data-testid="playout-atual">{playout.atual.nome}</span>
            {playout.atual.comercial && (
              <span className="ml-2 rounded bg-white/25 px-1.5 py-0.5 text-xs font-semibold">{ui.playoutCommercial}</span>
            )}
          </>
        ) : (
          <span className="italic">{ui.playoutBetweenVideos}</span>
        )}
      </p>
      <p className="text-red-100">{ui.playoutPlayed(playout.reproduzidos)}</p>
      {playout.ignorados.length > 0 && (
        <div role="status" className="rounded-lg bg-amber-100 p-3 text-amber-900">
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
            {ui.playoutSkippedTitle}
          </p>
          <p className="mt-1 text-xs">{ui.playoutSkippedHint}</p>
          <ul className="mt-2 space-y-1" data-testid="playout-ignorados">
            {playout.ignorados.map((f) => (
              <li key={`${f.em}-${f.nome}`} className="flex flex-wrap gap-x-2">
                <span className="font-medium">{f.nome}</span>
                <span>— {f.motivo}</span>
                {f.em && <span className="text-amber-700">{ui.playoutSkippedAt(at(f.em))}</span>}
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
  const measured = liveStats(status);
  const name = status.transmission?.playlist_nome || status.playout?.playlist_nome || status.transmission?.titulo || '';
  const facts = [
    { icon: Eye, label: ui.viewersLabel, value: String(measured.viewers), testId: 'live-viewers' },
    { icon: Gauge, label: ui.bitrateNowLabel, value: ui.kbps(measured.bitrate), testId: 'live-bitrate' },
    { icon: Clock, label: ui.uptimeLabel, value: uptime, testId: 'live-uptime' },
  ];
  return (
    <section aria-label={ui.liveBannerRegion} className="overflow-hidden rounded-2xl border border-red-200 bg-gradient-to-r from-red-600 to-rose-600 text-white shadow-lg">
      <div className="flex flex-wrap items-center justify-between gap-4 p-5 sm:p-6">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-white/15">
            <Radio className="h-6 w-6" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <LiveBadge type={ui.liveTypePlaylist} className="bg-white/20 shadow-none" testId="playlist-live-badge" />
            <p className="mt-1 truncate text-lg font-semibold" data-testid="live-playlist">{name}</p>
          </div>
        </div>
        <dl className="flex flex-wrap gap-3">
          {facts.map(({ icon: Icon, label, value, testId }) => (
            <div key={label} className="min-w-28 rounded-xl bg-white/15 px-4 py-2">
              <dt className="flex items-center gap-1.5 text-xs text-red-100">
                <Icon className="h-3.5 w-3.5" aria-hidden="true" />
                {label}
              </dt>
              <dd data-testid={testId} className="font-mono text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={onPreview}
            className="inline-flex items-center gap-2 rounded-lg bg-white/15 px-4 py-2 text-sm font-medium hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
          >
            <MonitorPlay className="h-4 w-4" aria-hidden="true" />
            {ui.previewBroadcast}
          </button>
          <button
            type="button"
            onClick={onFinish}
            disabled={stopping}
            className="inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-70"
          >
            {stopping ? <Spinner className="h-4 w-4" /> : <Square className="h-4 w-4" aria-hidden="true" />}
            {ui.finishBroadcastShort}
          </button>
        </div>
      </div>
      {status.playout && !status.playout.aguardando_obs && <PlayoutDetails playout={status.playout} />}
    </section>
  );
}
