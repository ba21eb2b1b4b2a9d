import MonitorPlay from 'lucide-react/icons/monitor-play';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Tv from 'lucide-react/icons/tv';
import X from 'lucide-react/icons/x';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { LiveBadge } from '@/components/ui/live-badge.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import type { RecentVideo } from '../api/get-recent-videos.ts';
import { LiveVideo } from './live-video.tsx';

/** A library video's address for a <video>: the video's own read grant, never the session token. */
function vodSrc(v: RecentVideo): string {
  return `${v.url}${v.url.includes('?') ? '&' : '?'}auth_token=${encodeURIComponent(v.content_token)}`;
}

export interface UniversalPlayerProps {
  live: boolean;
  /** The status call failed or the media server is unreachable. */
  connectionError: boolean;
  hlsSrc: string;
  label: string;
  liveType: string | undefined;
  /** The channel is fed by a playlist or a relay (the videos' own keyframes): the player keeps a deeper buffer. */
  deepBuffer: boolean;
  retrying: boolean;
  onRetry: () => void;
  /** A library video loaded from the recent videos list (only while nothing is live). */
  vod: RecentVideo | null;
  onCloseVod: () => void;
}

/** The dashboard's player: the live stream while live, else the empty state (or a loaded library video). */
export function UniversalPlayer(p: UniversalPlayerProps) {
  const commonTexts = useTexts(commonCatalogue);
  const dashboardTexts = useTexts(dashboardCatalogue);
  const msg = useTexts(messageCatalogue);
  const showLive = p.live && !p.connectionError;
  return (
    <SectionCard
      title={commonTexts.player}
      icon={Tv}
      actions={showLive ? <LiveBadge type={p.liveType} testId="dashboard-player-badge" /> : undefined}
    >
      {showLive ? (
        <div className="space-y-3">
          <div className="aspect-video overflow-hidden rounded-xl bg-black">
            <LiveVideo src={p.hlsSrc} label={p.label} deep={p.deepBuffer} />
          </div>
          <p className="text-sm text-gray-600">
            <span className="font-medium text-gray-900">{dashboardTexts.nowPlaying}</span> <span data-testid="dashboard-player-label">{p.label}</span>
          </p>
        </div>
      ) : p.vod ? (
        <div className="space-y-3">
          <div className="aspect-video overflow-hidden rounded-xl bg-black">
            <video key={p.vod.id} src={vodSrc(p.vod)} controls autoPlay playsInline aria-label={p.vod.nome} className="h-full w-full" />
          </div>
          <div className="flex items-center justify-between gap-3">
            <p className="min-w-0 truncate text-sm text-gray-600">
              <span className="font-medium text-gray-900">{dashboardTexts.nowPlaying}</span> {p.vod.nome}
            </p>
            <Button variant="ghost" onClick={p.onCloseVod}>
              <X className="h-4 w-4" aria-hidden="true" />
              {dashboardTexts.closeVideo}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex aspect-video flex-col items-center justify-center gap-3 rounded-xl bg-gray-900 p-6 text-center">
          <MonitorPlay className="h-14 w-14 text-gray-500" aria-hidden="true" />
          <p className="text-lg font-semibold text-white">{msg.noLiveBroadcast}</p>
          <p className="max-w-md text-sm text-gray-400">{p.connectionError ? dashboardTexts.statusUnavailable : dashboardTexts.noLiveHint}</p>
          <Button variant="secondary" onClick={p.onRetry} disabled={p.retrying}>
            <RefreshCw className={p.retrying ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            {msg.tryAgain}
          </Button>
        </div>
      )}
    </SectionCard>
  );
}
