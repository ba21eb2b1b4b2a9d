import Ban from 'lucide-react/icons/ban';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { downloadPhase } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { downloadsCatalogue } from '@/i18n/downloads.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatBytes, formatPercent } from '@/lib/format.ts';
import { useUptime } from '@/lib/use-uptime.ts';
import type { DownloadStatusView } from '../api/get-download-status.ts';

/** The running download: what it is doing, how far, since when; and the way to stop it. */
export function DownloadProgress({
  status, readAt, cancelling, onCancel,
}: {
  /** the latest status of this download; undefined until the first read after 'Baixar' */
  status: DownloadStatusView | undefined;
  /** when that status was read: the elapsed time ticks on from it */
  readAt: number;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const t = useTexts(downloadsCatalogue);
  const phase = status ? downloadPhase(status.status) : 'downloading';
  const progress = status?.progress ?? 0;
  const elapsed = useUptime(status ? readAt - status.uptime * 1000 : readAt);
  const bytes = status?.downloaded_bytes
    ? status.total_bytes ? commonTexts.ofTotal({ part: formatBytes(status.downloaded_bytes), total: formatBytes(status.total_bytes) }) : formatBytes(status.downloaded_bytes)
    : null;
  return (
    <SectionCard title={t.progress} icon={LoaderCircle}>
      <div className="space-y-3">
        {status?.video_title && <p className="font-medium break-words text-gray-900">{status.video_title}</p>}
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="inline-flex items-center gap-2 text-blue-700"><Spinner className="h-4 w-4" />{t.phase[phase]}</span>
          <span className="font-semibold text-gray-900 tabular-nums">{formatPercent(progress)}</span>
        </div>
        <ProgressBar value={progress} label={t.progress} />
        <div className="flex flex-wrap justify-between gap-2 text-xs text-gray-500">
          <span>{bytes}</span>
          <span>{commonTexts.elapsed}: <span className="tabular-nums">{elapsed}</span></span>
        </div>
        <Button variant="secondary" onClick={onCancel} disabled={cancelling}>
          {cancelling ? <Spinner className="h-4 w-4" /> : <Ban className="h-4 w-4" aria-hidden="true" />}
          {cancelling ? commonTexts.cancelling : t.cancel}
        </Button>
      </div>
    </SectionCard>
  );
}
