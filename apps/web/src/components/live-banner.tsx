import type { ReactNode } from 'react';
import AlertTriangle from 'lucide-react/icons/alert-triangle';
import Clock from 'lucide-react/icons/clock';
import Eye from 'lucide-react/icons/eye';
import Gauge from 'lucide-react/icons/gauge';
import ListVideo from 'lucide-react/icons/list-video';
import Radio from 'lucide-react/icons/radio';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { LiveBadge } from '@/components/ui/live-badge.tsx';
import { formatBitrate, formatNumber } from '@/lib/format.ts';

export interface LiveBannerProps {
  title: string;
  liveType: string;
  viewers: number;
  bitrate: number;
  uptime: string;
  playlistName: string | null;
  /** The server's warning when the incoming bitrate exceeds the plan's maximum. */
  bitrateWarning: string | null;
  /** Buttons beside the figures (the playlists page's preview and stop). */
  actions?: ReactNode;
  /** Below the banner's row (what the playout plays now). */
  children?: ReactNode;
  badgeTestId?: string;
  titleTestId?: string;
}

/** While live (dashboard, playlists): what is on air, with its measured viewers, bitrate and uptime (ticking every second). */
export function LiveBanner(p: LiveBannerProps) {
  const commonTexts = useTexts(commonCatalogue);
  const facts = [
    { icon: Eye, label: commonTexts.viewers, value: formatNumber(p.viewers), testId: 'live-viewers' },
    { icon: Gauge, label: commonTexts.bitrate, value: formatBitrate(p.bitrate), testId: 'live-bitrate' },
    { icon: Clock, label: commonTexts.uptime, value: p.uptime, testId: 'live-uptime' },
    ...(p.playlistName ? [{ icon: ListVideo, label: commonTexts.playlist, value: p.playlistName, testId: 'live-playlist' }] : []),
  ];
  return (
    <section aria-label={commonTexts.liveBannerRegion} className="overflow-hidden rounded-2xl border border-red-200 bg-gradient-to-r from-red-600 to-rose-600 text-white shadow-lg">
      <div className="flex flex-wrap items-center justify-between gap-4 p-5 sm:p-6">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-white/15">
            <Radio className="h-6 w-6" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <LiveBadge type={p.liveType} className="bg-white/20 shadow-none" testId={p.badgeTestId ?? 'live-banner-badge'} />
            <p className="mt-1 truncate text-lg font-semibold" data-testid={p.titleTestId}>{p.title}</p>
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
        {p.actions && <div className="flex gap-2">{p.actions}</div>}
      </div>
      {p.bitrateWarning && (
        <div role="alert" className="flex items-start gap-2 bg-amber-100 px-5 py-3 text-sm text-amber-900 sm:px-6">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {p.bitrateWarning}
        </div>
      )}
      {p.children}
    </section>
  );
}
