import History from 'lucide-react/icons/history';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { commonCatalogue } from '@/i18n/common.ts';
import { downloadsCatalogue } from '@/i18n/downloads.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { formatDuration, formatMegabytes } from '@/lib/format.ts';
import { cn } from '@/lib/cn.ts';
import { useRecentDownloads } from '../api/get-recent-downloads.ts';

/** 'Recentes': the latest downloaded videos still in the library, with a reload. */
export function RecentDownloads() {
  const commonTexts = useTexts(commonCatalogue);
  const t = useTexts(downloadsCatalogue);
  const msg = useTexts(messageCatalogue);
  const recent = useRecentDownloads();
  const { dateTime } = useDateTimeFormat();
  const list = recent.data ?? [];
  return (
    <SectionCard
      title={t.recentTitle}
      icon={History}
      actions={(
        <Button variant="ghost" onClick={() => void recent.refetch()} disabled={recent.isFetching} aria-label={commonTexts.refresh} title={commonTexts.refresh}>
          <RefreshCw className={cn('h-4 w-4', recent.isFetching && 'animate-spin')} aria-hidden="true" />
        </Button>
      )}
    >
      {recent.isPending ? (
        <LoadingState />
      ) : recent.isError && !recent.data ? (
        <p className="text-sm text-red-700">{errorMessage(recent.error, msg.unknownError)}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-gray-500">{t.recentEmpty}</p>
      ) : (
        <ul aria-label={t.recentTitle} className="divide-y divide-gray-100">
          {list.map((d) => (
            <li key={d.id} className="py-2.5">
              <p className="truncate text-sm font-medium text-gray-900" title={d.nome}>{d.nome}</p>
              <p className="text-xs text-gray-500">
                {[t.recentIn({ folder: d.pasta }), formatDuration(d.duracao), formatMegabytes(d.tamanho_mb), d.data_download ? dateTime(d.data_download) : null].filter(Boolean).join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
