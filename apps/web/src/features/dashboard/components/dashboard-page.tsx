import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { toast } from '@/lib/toast.ts';
import { DEFAULT_STORAGE_MB, loginName, type ServerErrorCode } from '@painel/contract';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { errorMessage, serverErrorMessage, serverText } from '@/lib/api-client.ts';
import { useServerErrors } from '@/i18n/server-errors.ts';
import { useUser } from '@/lib/auth.ts';
import { planBitrate, viewerLimit } from '@/lib/account.ts';
import { liveHlsPath, liveLabel, liveSinceMs, liveStats, liveTypeLabel, useStreamingStatus } from '@/lib/streaming-status.ts';
import { useUptime } from '@/lib/use-uptime.ts';
import { useRecordings } from '@/lib/recordings.ts';
import { useDashboardStats } from '../api/get-dashboard-stats.ts';
import { useHealth } from '../api/get-health.ts';
import { useDashboardOverview } from '../api/get-dashboard-overview.ts';
import { useRecentVideos, type RecentVideo } from '../api/get-recent-videos.ts';
import { useStopTransmission } from '@/lib/stop-transmission.ts';
import { LiveBanner } from '@/components/live-banner.tsx';
import { PlatformOverview } from './platform-overview.tsx';
import { QuickActions } from './quick-actions.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { RecentVideos } from './recent-videos.tsx';
import { ResourceUsage } from './resource-usage.tsx';
import { StatCards } from './stat-cards.tsx';
import { SystemStatus } from './system-status.tsx';
import { UniversalPlayer } from './universal-player.tsx';
import { PlayoutFailingNotice } from '@/components/playout-failing-notice.tsx';
import { WelcomeBanner } from './welcome-banner.tsx';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { StandbyNotice } from './standby-notice.tsx';
import { RecordCurrentButton } from './record-current-button.tsx';

const STATUS_ERROR_TOAST = 'dashboard-status-error';
/** How long the notice of a recording that stopped early stays on the dashboard. */
const RECORDING_NOTICE_MS = 60 * 60_000;

/** /dashboard: the home page; a reseller's shows its pool, every other account its streaming. */
// a reseller's home is its own chunk: a streaming's dashboard (most sign-ins) does not load it
const ResellerDashboard = lazy(() => import('./reseller-dashboard.tsx').then((m) => ({ default: m.ResellerDashboard })));

export function DashboardPage() {
  const { data: user } = useUser();
  if (user?.tipo === 'revenda') {
    return (
      <Suspense fallback={<LoadingState />}>
        <ResellerDashboard user={user} />
      </Suspense>
    );
  }
  return <StreamingDashboard />;
}

/** A streaming's home: its channel, player, library and resources. */
function StreamingDashboard() {
  const msg = useTexts(messageCatalogue);
  const dashboardTexts = useTexts(dashboardCatalogue);
  useServerErrors(); // the recording's warning below, in the panel's language once its texts arrive
  const { data: user } = useUser();
  const status = useStreamingStatus();
  const stats = useDashboardStats();
  const health = useHealth();
  const overview = useDashboardOverview();
  const stop = useStopTransmission();
  const [vod, setVod] = useState<RecentVideo | null>(null);
  const recordings = useRecordings();

  const s = status.data;
  const connectionError = status.isError || !!s?.wowza_info.connection_error;
  const live = !!s?.is_live && !status.isError;
  const videos = useRecentVideos({ enabled: !live });
  const liveType = live ? liveTypeLabel(s?.stream_type) : null;
  const measured = liveStats(s);
  const uptime = useUptime(live ? liveSinceMs(s, status.dataUpdatedAt) : null);
  const login = user ? loginName(user) : '';

  // one toast per failing spell, not one per failed poll
  const statusError = status.isError ? status.error : null;
  useEffect(() => {
    if (!statusError) return;
    console.error('streaming status failed to load', statusError);
  }, [statusError]);
  useEffect(() => {
    if (status.isError) toast.error(textsNow(messageCatalogue).statusLoadError, { toastId: STATUS_ERROR_TOAST });
  }, [status.isError]);

  useEffect(() => {
    if (live) setVod(null);
  }, [live]);

  const confirm = useConfirm();

  async function finishBroadcast() {
    if (!(await confirm(textsNow(messageCatalogue).finishCurrentConfirm))) return;
    stop.mutate(
      { transmission_id: s?.transmission?.id, stream_type: s?.stream_type ?? 'playlist' },
      {
        onSuccess: () => toast.success(textsNow(messageCatalogue).stopSuccess),
        onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).stopDashboardError)),
      },
    );
  }

  const totalMb = stats.data?.totalEspaco || user?.espaco || DEFAULT_STORAGE_MB;
  const usedMb = stats.data?.espacoUsado ?? 0;
  const viewers = Math.max(stats.data?.espectadoresAtivos ?? 0, measured.viewers);
  // the newest recording stopped before its broadcast ended (the plan's storage, the server's disk): said while it is recent
  const lastRecording = recordings.data?.gravacoes[0];
  const recordingStopped = lastRecording?.motivo_parada && Date.now() - Date.parse(lastRecording.terminada_em ?? new Date().toISOString()) < RECORDING_NOTICE_MS
    ? serverErrorMessage(lastRecording.codigo_aviso as ServerErrorCode, { limitMb: totalMb }, lastRecording.aviso ?? undefined)
    : null;
  const bitrateWarning = live && s?.obs_stream.bitrate_exceeded
    ? serverText(s.obs_stream.aviso, msg.bitrateExceeded(s.obs_stream.bitrate, s.obs_stream.bitrate_limit))
    : null;

  return (
    <div className="space-y-6">
      <WelcomeBanner user={user} liveType={liveType} />

      <PlayoutFailingNotice status={s} />

      {overview.data && !overview.data.servidor.online && (
        <p role="alert" data-testid="server-offline-notice" className="rounded-xl border border-red-200 bg-red-50 px-5 py-4 text-sm text-red-800">
          {dashboardTexts.serverOfflineNotice({ id: overview.data.servidor.codigo })}
        </p>
      )}

      {live && s && (
        <LiveBanner
          title={s.transmission?.titulo || liveLabel(s)}
          liveType={liveType ?? ''}
          viewers={measured.viewers}
          bitrate={measured.bitrate}
          uptime={uptime ?? s.obs_stream.uptime}
          playlistName={s.transmission?.playlist_nome ?? null}
          bitrateWarning={bitrateWarning}
        />
      )}

      {live && s?.obs_stream.is_live && (
        <div className="flex flex-wrap items-center gap-3">
          {s.obs_stream.recording && (
            <p data-testid="recording-badge" title={dashboardTexts.recordingBadgeHint} className="inline-flex items-center gap-2 rounded-full bg-red-50 px-3 py-1 text-sm font-semibold text-red-700">
              <span className="h-2.5 w-2.5 animate-pulse rounded-full bg-red-600" aria-hidden="true" />
              {dashboardTexts.recordingBadge}
              <span className="sr-only">{dashboardTexts.recordingBadgeHint}</span>
            </p>
          )}
          <RecordCurrentButton recording={s.obs_stream.recording} />
        </div>
      )}

      {live && s?.sinal_reserva && <StandbyNotice status={s} />}

      {recordingStopped && (
        <p role="alert" data-testid="recording-stopped-notice" className="rounded-xl border border-amber-200 bg-amber-50 px-5 py-4 text-sm text-amber-900">
          {recordingStopped}
        </p>
      )}

      <StatCards
        loading={stats.isPending}
        totalVideos={stats.data?.totalVideos ?? 0}
        totalPlaylists={stats.data?.totalPlaylists ?? 0}
        viewers={viewers}
        usedMb={usedMb}
        totalMb={totalMb}
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <UniversalPlayer
            live={live}
            connectionError={connectionError}
            hlsSrc={liveHlsPath(s, login)}
            label={liveLabel(s)}
            liveType={liveType ?? undefined}
            deepBuffer={live && s?.stream_type !== 'obs'}
            retrying={status.isFetching}
            onRetry={() => void status.refetch()}
            vod={live ? null : vod}
            onCloseVod={() => setVod(null)}
          />
          {!live && (
            <RecentVideos
              data={videos.data}
              loading={videos.isPending}
              fetching={videos.isFetching}
              failed={videos.isError}
              onReload={() => void videos.refetch()}
              onPlay={setVod}
            />
          )}
          <PlatformOverview
            platforms={overview.data?.plataformas}
            loading={overview.isPending && !overview.isError}
          />
        </div>
        <div className="space-y-6">
          <QuickActions live={live} stopping={stop.isPending} onStop={finishBroadcast} />
          <SystemStatus
            health={health.data}
            loading={health.isFetching}
            mediaReachable={s ? !s.wowza_info.connection_error : null}
            mediaError={overview.data?.sistema.servidor_midia?.ultimo_erro ?? null}
          />
          <ResourceUsage
            usedMb={usedMb}
            totalMb={totalMb}
            viewers={viewers}
            viewerLimit={viewerLimit(user)}
            bitrate={measured.bitrate}
            bitrateLimit={s?.obs_stream.bitrate_limit || planBitrate(user)}
            server={overview.data?.recursos}
          />
          <RecentActivity items={overview.data?.atividade_recente} loading={overview.isPending && !overview.isError} />
        </div>
      </div>
    </div>
  );
}
