import { useId } from 'react';
import Download from 'lucide-react/icons/download';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { AUDIENCE_PERIODS, type AudiencePeriod } from '@painel/contract';
import { audienceCatalogue } from '@/i18n/audience.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';

const isPeriod = (v: string): v is AudiencePeriod => (AUDIENCE_PERIODS as readonly string[]).includes(v);

/** The period every panel of the page shows, a reload of all of them, and the CSV of the period. */
export function AudienceToolbar({ periodo, onPeriod, onRefresh, refreshing, onExport, exporting }: {
  periodo: AudiencePeriod;
  onPeriod: (p: AudiencePeriod) => void;
  onRefresh: () => void;
  refreshing: boolean;
  onExport: () => void;
  exporting: boolean;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const audienceTexts = useTexts(audienceCatalogue);
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">{audienceTexts.periodLabel}</label>
        <select
          id={id}
          value={periodo}
          onChange={(e) => isPeriod(e.target.value) && onPeriod(e.target.value)}
          className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none"
        >
          {AUDIENCE_PERIODS.map((p) => <option key={p} value={p}>{audienceTexts.periodNames[p]}</option>)}
        </select>
      </div>
      <Button variant="secondary" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw className={cn('h-4 w-4', refreshing && 'animate-spin')} aria-hidden="true" />
        {commonTexts.refresh}
      </Button>
      <Button onClick={onExport} disabled={exporting}>
        {exporting ? <Spinner className="h-4 w-4" /> : <Download className="h-4 w-4" aria-hidden="true" />}
        {exporting ? audienceTexts.exporting : audienceTexts.export}
      </Button>
    </div>
  );
}
