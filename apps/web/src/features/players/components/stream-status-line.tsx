import RefreshCw from 'lucide-react/icons/refresh-cw';
import { messageCatalogue } from '@/i18n/messages.ts';
import { playersCatalogue } from '@/i18n/players.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { cn } from '@/lib/cn.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import type { StreamState } from '../hooks/use-stream-state.ts';

const DOT: Record<StreamState, string> = {
  checking: 'bg-gray-400 animate-pulse',
  error: 'bg-amber-500',
  offline: 'bg-gray-400',
  playlist: 'bg-red-500 animate-pulse',
  obs: 'bg-red-500 animate-pulse',
  live: 'bg-red-500 animate-pulse',
};
const BOX: Record<StreamState, string> = {
  checking: 'border-gray-200 bg-white text-gray-700',
  error: 'border-amber-200 bg-amber-50 text-amber-900',
  offline: 'border-gray-200 bg-white text-gray-700',
  playlist: 'border-red-200 bg-red-50 text-red-800',
  obs: 'border-red-200 bg-red-50 text-red-800',
  live: 'border-red-200 bg-red-50 text-red-800',
};

/** One of Verificando..., Erro de Conexão (with the last-check time), Offline, Playlist ao Vivo, OBS ao Vivo, Ao Vivo. */
export function StreamStatusLine({ state, lastCheck, checking, onRefresh }: {
  state: StreamState;
  lastCheck: number | null;
  checking: boolean;
  onRefresh: () => void;
}) {
  const playersTexts = useTexts(playersCatalogue);
  const msg = useTexts(messageCatalogue);
  const stateLabel: Record<StreamState, string> = {
    checking: msg.statusChecking,
    error: msg.statusConnectionError,
    offline: msg.statusOffline,
    playlist: msg.statusPlaylistLive,
    obs: msg.statusObsLive,
    live: msg.statusLive,
  };
  const { time } = useDateTimeFormat();
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3', BOX[state])}>
      <div role="status" aria-live="polite" className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={cn('h-3 w-3 shrink-0 rounded-full', DOT[state])} aria-hidden="true" />
        <span className="text-sm text-gray-600">{playersTexts.broadcastStatus}</span>
        <span data-testid="players-status" className="font-semibold">{stateLabel[state]}</span>
        {lastCheck !== null && state !== 'checking' && (
          <span data-testid="players-last-check" className="text-xs opacity-80">{playersTexts.lastCheck({ time: time(lastCheck) })}</span>
        )}
      </div>
      <button
        type="button"
        onClick={onRefresh}
        disabled={checking}
        aria-label={playersTexts.refreshStatus}
        title={playersTexts.refreshStatus}
        className="inline-flex h-8 w-8 items-center justify-center rounded-lg hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:opacity-50"
      >
        <RefreshCw className={cn('h-4 w-4', checking && 'animate-spin')} aria-hidden="true" />
      </button>
    </div>
  );
}
