import Radio from 'lucide-react/icons/radio';
import { loginName, streamNameOf } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { livesCatalogue } from '@/i18n/lives.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { ExternalPlayer } from '@/components/external-player.tsx';
import { LiveBadge } from '@/components/ui/live-badge.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useUser } from '@/lib/auth.ts';
import { useOwnerPreview } from '@/lib/owner-preview.ts';
import { buildPlayerUrl } from '@/lib/player-url.ts';
import { liveLabel, liveTypeLabel, useStreamingStatus } from '@/lib/streaming-status.ts';

/** What the lives retransmit: the channel's own picture, in the panel's player, while it is on air. */
export function ActiveBroadcast() {
  const commonTexts = useTexts(commonCatalogue);
  const livesTexts = useTexts(livesCatalogue);
  const { data: user } = useUser();
  const status = useStreamingStatus();
  const s = status.data;
  const live = !!s?.is_live;
  const login = user ? loginName(user) : '';
  // the owner watching their own broadcast is no audience
  const preview = useOwnerPreview(login);
  const liveType = liveTypeLabel(s?.stream_type);
  return (
    <SectionCard title={livesTexts.activeBroadcastTitle} icon={Radio} actions={live ? <LiveBadge type={liveType} testId="lives-live-badge" /> : undefined}>
      {live ? (
        <div className="space-y-3">
          <div className="mx-auto max-w-3xl">
            <ExternalPlayer
              src={buildPlayerUrl({
                login, stream: s.obs_stream.streamName || streamNameOf(login), player: 'hlsjs', contador: false, previa: preview.previa,
              })}
              pending={preview.pending}
              title={liveLabel(s)}
              isLive
              liveType={liveType}
            />
          </div>
          <p className="text-center text-sm text-gray-600">{liveLabel(s)}</p>
        </div>
      ) : (
        <p className="text-sm text-gray-600" data-testid="lives-offline">{status.isPending ? commonTexts.loading : livesTexts.activeBroadcastNone}</p>
      )}
    </SectionCard>
  );
}
