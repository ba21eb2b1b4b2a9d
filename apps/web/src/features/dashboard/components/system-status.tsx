import Activity from 'lucide-react/icons/activity';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { cn } from '@/lib/cn.ts';
import type { ComponentState, Health } from '../api/get-health.ts';

type Tone = 'ok' | 'down' | 'unknown';

const DOT: Record<Tone, string> = { ok: 'bg-green-500', down: 'bg-red-500', unknown: 'bg-gray-400' };
const TEXT: Record<Tone, string> = { ok: 'text-green-700', down: 'text-red-700', unknown: 'text-gray-500' };

/** The media node's probe, whatever the server named it. */
function mediaState(health: Health): ComponentState | undefined {
  const key = Object.keys(health.components).find((k) => /media|nginx|rtmp/i.test(k));
  return key ? health.components[key] : undefined;
}

/**
 * Server, media server and API as really measured (GET /api/health; the media server falls back
 * to what the streaming status says when the health answer does not name it).
 */
export function SystemStatus({ health, loading, mediaReachable, mediaError }: {
  health: Health | undefined;
  loading: boolean;
  mediaReachable: boolean | null;
  /** The media service's last error, from the dashboard overview, shown while it is down. */
  mediaError: string | null;
}) {
  const dashboardTexts = useTexts(dashboardCatalogue);
  const reachable = health?.reachable ?? false;
  const db = health?.components.database;
  const api = health?.components.api;
  const media = health ? mediaState(health) : undefined;
  const mediaTone: Tone = media && media !== 'unknown' ? media : mediaReachable === null ? 'unknown' : mediaReachable ? 'ok' : 'down';

  const rows: { id: string; label: string; tone: Tone; ok: string; down: string }[] = [
    { id: 'server', label: dashboardTexts.server, tone: !health ? 'unknown' : reachable && db !== 'down' ? 'ok' : 'down', ok: dashboardTexts.serverOnline, down: dashboardTexts.serverOffline },
    { id: 'media', label: dashboardTexts.systemMedia, tone: !health ? 'unknown' : mediaTone, ok: dashboardTexts.mediaConnected, down: dashboardTexts.mediaDisconnected },
    { id: 'api', label: dashboardTexts.systemApi, tone: !health ? 'unknown' : reachable && api === 'ok' ? 'ok' : 'down', ok: dashboardTexts.apiWorking, down: dashboardTexts.apiDown },
  ];

  return (
    <SectionCard title={dashboardTexts.systemStatusTitle} icon={Activity}>
      <ul className="space-y-3" aria-busy={loading}>
        {rows.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
            <span className="text-gray-700">{r.label}</span>
            <span data-testid={`system-status-${r.id}`} className={cn('flex items-center gap-2 font-medium', TEXT[r.tone])}>
              <span className={cn('h-2.5 w-2.5 rounded-full', DOT[r.tone])} aria-hidden="true" />
              {r.tone === 'ok' ? r.ok : r.tone === 'down' ? r.down : dashboardTexts.checking}
            </span>
            {r.id === 'media' && r.tone === 'down' && mediaError && (
              <p className="basis-full text-xs break-words text-red-600">{mediaError}</p>
            )}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
