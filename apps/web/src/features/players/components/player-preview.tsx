import Clock from 'lucide-react/icons/clock';
import Eye from 'lucide-react/icons/eye';
import Gauge from 'lucide-react/icons/gauge';
import Info from 'lucide-react/icons/info';
import Radio from 'lucide-react/icons/radio';
import Tv from 'lucide-react/icons/tv';
import { commonCatalogue } from '@/i18n/common.ts';
import { playersCatalogue } from '@/i18n/players.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { ExternalPlayer, type PlayerAspectRatio } from '@/components/external-player.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { formatBitrate, formatNumber } from '@/lib/format.ts';

export interface StreamInfo {
  streamName: string;
  title: string;
  bitrate: number;
  uptime: string;
  viewers: number;
}

/** The player itself (the iframe page embeds use), the live stream's figures, or the no-broadcast notice. */
export function PlayerPreview({ src, pending, frameKey, ratio, live, liveType, info }: {
  src: string | null | undefined;
  pending: boolean;
  /** Changes after a save, so the page reloads with the new watermark. */
  frameKey: number;
  ratio: PlayerAspectRatio;
  live: boolean;
  liveType: string | undefined;
  info: StreamInfo | null;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const playersTexts = useTexts(playersCatalogue);
  const facts = info
    ? [
      { icon: Radio, label: playersTexts.streamNameLabel, value: info.streamName, testId: 'stream-name' },
      { icon: Gauge, label: commonTexts.bitrate, value: formatBitrate(info.bitrate), testId: 'stream-bitrate' },
      { icon: Clock, label: commonTexts.uptime, value: info.uptime, testId: 'stream-uptime' },
      { icon: Eye, label: commonTexts.viewers, value: formatNumber(info.viewers), testId: 'stream-viewers' },
    ]
    : [];
  return (
    <SectionCard title={commonTexts.player} icon={Tv}>
      <div className="space-y-4">
        <div className={ratio === '16:9' ? '' : 'mx-auto max-w-xl'}>
          <ExternalPlayer key={frameKey} src={src} pending={pending} title={commonTexts.playerFrameTitle} isLive={live} liveType={liveType} aspectRatio={ratio} />
        </div>
        {live && info ? (
          <div>
            {info.title && <p className="mb-3 font-medium text-gray-900">{info.title}</p>}
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {facts.map(({ icon: Icon, label, value, testId }) => (
                <div key={label} className="rounded-lg bg-gray-50 p-3">
                  <dt className="flex items-center gap-1.5 text-xs text-gray-500">
                    <Icon className="h-3.5 w-3.5" aria-hidden="true" />
                    {label}
                  </dt>
                  <dd data-testid={testId} className="mt-0.5 font-mono text-sm font-semibold break-words text-gray-900 tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : (
          <div data-testid="no-broadcast-notice" className="flex items-start gap-3 rounded-lg border border-blue-100 bg-blue-50 p-4 text-sm text-blue-900">
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-medium">{playersTexts.noBroadcastTitle}</p>
              <p className="mt-1">{playersTexts.noBroadcastText}</p>
            </div>
          </div>
        )}
      </div>
    </SectionCard>
  );
}
