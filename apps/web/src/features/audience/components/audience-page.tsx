import { lazy, Suspense, useEffect, useState } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast.ts';
import Globe from 'lucide-react/icons/globe';
import Monitor from 'lucide-react/icons/monitor';
import UserX from 'lucide-react/icons/user-x';
import { AUDIENCE_DEFAULT_PERIOD, type AudiencePeriod } from '@painel/contract';
import { audienceCatalogue } from '@/i18n/audience.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useExportAudience } from '../api/export-audience.ts';
import { audienceQueryRoot, useAudience } from '../api/get-audience.ts';
import { useAudienceHistory } from '../api/get-audience-history.ts';
import { useAudienceMap } from '../api/get-audience-map.ts';
import { useAudienceRealTime } from '../api/get-audience-realtime.ts';
import { topEntries } from '../utils/audience-view.ts';
import { AudienceSummary } from './audience-summary.tsx';
import { AudienceToolbar } from './audience-toolbar.tsx';
import { RealTimeCard } from './realtime-card.tsx';
import { TopList } from './top-list.tsx';
import { ViewersTable } from './viewers-table.tsx';

// the map (world outline, d3-geo) and the chart (recharts) are most of the page's weight: each
// arrives on its own while the figures and the list already show
const AudienceMap = lazy(() => import('./audience-map.tsx').then((m) => ({ default: m.AudienceMap })));
const HistoryChart = lazy(() => import('./history-chart.tsx').then((m) => ({ default: m.HistoryChart })));

/** Failures of the side panels are only logged; the list's own failure is the page's one toast. */
function useLoggedFailure(what: string, error: Error | null) {
  useEffect(() => {
    if (error) console.error(what, error);
  }, [what, error]);
}

/** Nobody watched in the period: says what counts as a viewer, so an empty page is not a mystery. */
function NoViewers() {
  const audienceTexts = useTexts(audienceCatalogue);
  return (
    <section data-testid="audience-empty" className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
      <UserX className="h-10 w-10 text-gray-300" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-gray-900">{audienceTexts.emptyTitle}</h2>
      <p className="max-w-2xl text-sm text-gray-600">{audienceTexts.emptyText}</p>
    </section>
  );
}

/**
 * /dashboard/espectadores: the channel's viewer sessions of a period (1h, 24h, 7d, 30d): who
 * watches now, the period's figures, a world map, the history, the top countries and devices,
 * and the sessions themselves; all reloaded every 30 s, and exportable as CSV.
 */
export function AudiencePage() {
  const audienceTexts = useTexts(audienceCatalogue);
  const msg = useTexts(messageCatalogue);
  const [periodo, setPeriodo] = useState<AudiencePeriod>(AUDIENCE_DEFAULT_PERIOD);
  const queryClient = useQueryClient();
  const list = useAudience(periodo);
  const map = useAudienceMap(periodo);
  const realTime = useAudienceRealTime();
  const history = useAudienceHistory(periodo);
  const exporting = useExportAudience();
  const refreshing = useIsFetching({ queryKey: audienceQueryRoot }) > 0;

  useEffect(() => {
    if (list.error) toast.error(errorMessage(list.error, textsNow(messageCatalogue).audienceLoadError), { toastId: 'audience-load-error' });
  }, [list.error]);
  useLoggedFailure('espectadores/mapa', map.error);
  useLoggedFailure('espectadores/tempo-real', realTime.error);
  useLoggedFailure('espectadores/historico', history.error);

  function exportCsv() {
    exporting.mutate(periodo, {
      onSuccess: () => toast.success(textsNow(messageCatalogue).audienceExported),
      onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).audienceExportError)),
    });
  }

  const data = list.data;
  const stats = data?.estatisticas;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-3">
          <PageHeader title={audienceTexts.title} subtitle={audienceTexts.subtitle} />
        </div>
        <AudienceToolbar
          periodo={periodo}
          onPeriod={setPeriodo}
          onRefresh={() => void queryClient.invalidateQueries({ queryKey: audienceQueryRoot })}
          refreshing={refreshing}
          onExport={exportCsv}
          exporting={exporting.isPending}
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-5">
        <RealTimeCard data={realTime.data} />
        <AudienceSummary stats={stats} />
      </div>

      {/* nobody watched: say at once what counts as a viewer, before an empty map and chart */}
      {data?.estatisticas.total === 0 && <NoViewers />}
      <Suspense fallback={<LoadingState label={audienceTexts.mapLoading} />}>
        <AudienceMap points={map.data} loading={map.isPending} />
      </Suspense>
      <Suspense fallback={<LoadingState label={audienceTexts.historyLoading} />}>
        <HistoryChart periodo={periodo} points={history.data} loading={history.isPending} />
      </Suspense>

      {list.isPending ? (
        <LoadingState label={audienceTexts.listLoading} />
      ) : !data ? (
        <div className="flex justify-center py-6">
          <Button variant="secondary" onClick={() => void list.refetch()}>{msg.tryAgain}</Button>
        </div>
      ) : data.estatisticas.total > 0 && (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <TopList title={audienceTexts.topCountries} icon={Globe} entries={topEntries(data.estatisticas.paises, data.estatisticas.total)} testId="audience-top-countries" />
            <TopList title={audienceTexts.topDevices} icon={Monitor} entries={topEntries(data.estatisticas.dispositivos, data.estatisticas.total)} testId="audience-top-devices" />
          </div>
          <ViewersTable viewers={data.espectadores} />
        </>
      )}
    </div>
  );
}
