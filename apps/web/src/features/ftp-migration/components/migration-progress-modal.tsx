import AlertTriangle from 'lucide-react/icons/alert-triangle';
import CheckCircle2 from 'lucide-react/icons/check-circle-2';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { commonCatalogue } from '@/i18n/common.ts';
import { ftpMigrationCatalogue } from '@/i18n/ftp-migration.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { formatClock, formatMegabytes, formatNumber, formatPercent } from '@/lib/format.ts';
import { useUptime } from '@/lib/use-uptime.ts';
import type { MigrationView } from '../api/get-migration-status.ts';
import { errorSummary } from '../utils/migration-view.ts';

/** Progress, files done, size, elapsed and remaining time, the file in transfer and the errors (first 5, then a count). */
export function MigrationProgressModal({
  status, readAt, onClose, onCancel, cancelling,
}: {
  status: MigrationView;
  /** When the status was read: the elapsed time ticks on from there between reads. */
  readAt: number;
  onClose: () => void;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const t = useTexts(ftpMigrationCatalogue);
  const msg = useTexts(messageCatalogue);
  const ticking = useUptime(status.migrating ? readAt - status.uptime * 1000 : null);
  const { shown, more } = errorSummary(status.errors, msg.ftpMoreErrors);
  const minutes = status.estimated_remaining;
  const remaining = minutes === null
    ? t.remainingUnknown
    : minutes < 1 ? t.remainingUnderMinute : t.remainingMinutes({ n: formatNumber(minutes) });
  const head = status.migrating
    ? { icon: <LoaderCircle className="h-5 w-5 animate-spin text-blue-600" aria-hidden="true" />, text: t.stateMigrating }
    : status.status === 'completed'
      ? { icon: <CheckCircle2 className="h-5 w-5 text-green-600" aria-hidden="true" />, text: t.stateCompleted }
      : { icon: <AlertTriangle className="h-5 w-5 text-red-600" aria-hidden="true" />, text: t.stateError };
  const facts: [string, string][] = [
    [commonTexts.size, commonTexts.ofTotal({ part: formatMegabytes(status.transferred_size), total: formatMegabytes(status.total_size) })],
    [commonTexts.elapsed, ticking ?? formatClock(status.uptime)],
    ...(status.migrating ? [[t.remainingLabel, remaining] as [string, string]] : []),
  ];
  return (
    <Modal
      open
      title={t.progressTitle}
      onClose={onClose}
      closeButton={false}
      footer={(
        <>
          {status.migrating && <Button variant="danger" disabled={cancelling} onClick={onCancel}>{cancelling ? commonTexts.cancelling : t.cancelMigration}</Button>}
          <Button variant="secondary" onClick={onClose}>{commonTexts.close}</Button>
        </>
      )}
    >
      <div className="space-y-4">
        <p className="flex items-center gap-2 font-medium text-gray-900">{head.icon}{head.text}</p>
        <div>
          <div className="mb-1 flex justify-between text-sm text-gray-600">
            <span>{t.filesDone({ done: status.completed, total: status.total })}</span>
            <span>{formatPercent(status.progress)}</span>
          </div>
          <ProgressBar value={status.progress} label={t.progressLabel} tone={status.status === 'error' ? 'red' : status.migrating ? 'blue' : 'green'} />
          <p className="mt-1 text-xs text-gray-500">{t.migratedCount({ n: status.migrated })}</p>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-gray-50 p-3">
              <dt className="text-xs text-gray-500">{label}</dt>
              <dd className="font-medium text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>
        {status.current && <p className="truncate text-sm text-gray-600">{t.currentFile({ name: status.current })}</p>}
        {shown.length > 0 && (
          <div className="rounded-lg border border-red-200 bg-red-50 p-3">
            <h3 className="mb-1 text-sm font-semibold text-red-800">{t.errorsTitle}</h3>
            <ul className="list-disc space-y-0.5 pl-5 text-sm text-red-700">
              {shown.map((e, i) => <li key={i} className="break-words">{e}</li>)}
            </ul>
            {more && <p className="mt-1 text-sm font-medium text-red-800">{more}</p>}
          </div>
        )}
      </div>
    </Modal>
  );
}
