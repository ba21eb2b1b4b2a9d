import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { type ScannedVideo } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { ftpMigrationCatalogue } from '@/i18n/ftp-migration.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useFolders } from '@/lib/folders.ts';
import { useScanDirectory, type ScanResult } from '../api/scan-directory.ts';
import { useFtpBrowser } from '../hooks/use-ftp-browser.ts';
import { useMigration } from '../hooks/use-migration.ts';
import { ConnectionForm } from './connection-form.tsx';
import { FileBrowser } from './file-browser.tsx';
import { HelpCard } from '@/components/ui/help-card.tsx';
import { MigrationProgressModal } from './migration-progress-modal.tsx';
import { ScanResultsModal } from './scan-results-modal.tsx';
import { SelectionPanel } from './selection-panel.tsx';

/**
 * /dashboard/migrar-videos-ftp: disconnected, the connection form; connected, the old host's
 * files, the selection with its destination folder, the scan results and the migration's progress.
 */
export function FtpMigrationPage() {
  const commonTexts = useTexts(commonCatalogue);
  const t = useTexts(ftpMigrationCatalogue);
  const browser = useFtpBrowser();
  const migration = useMigration(() => browser.clearSelection());
  const folders = useFolders();
  const scan = useScanDirectory();
  const [scanResult, setScanResult] = useState<ScanResult | null>(null);
  const [folderId, setFolderId] = useState<number | null>(null);

  useEffect(() => {
    if (folders.error) toast.error(errorMessage(folders.error, textsNow(messageCatalogue).foldersLoadError), { toastId: 'folders-load-error' });
  }, [folders.error]);

  function scanHere() {
    const msg = textsNow(messageCatalogue);
    scan.mutate(browser.path, {
      onSuccess: (r) => {
        if (!r.videos.length) toast.info(msg.ftpNoVideosHere);
        else setScanResult(r);
      },
      onError: (error) => toast.error(errorMessage(error, msg.ftpScanError)),
    });
  }

  function addScanned(videos: ScannedVideo[]) {
    browser.pick(videos.map((v) => ({ name: v.name, path: v.path, size: v.size })), true);
    setScanResult(null);
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={t.title} subtitle={t.subtitle} />

      {migration.running && !migration.open && (
        <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-blue-200 bg-blue-50 px-5 py-3 text-blue-900">
          <span className="flex items-center gap-2 font-medium">
            <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" />
            {t.stateMigrating}
            {migration.status && ` ${t.filesDone({ done: migration.status.completed, total: migration.status.total })}`}
          </span>
          <Button variant="secondary" onClick={migration.show}>{t.showProgress}</Button>
        </div>
      )}

      {browser.loadingConnection ? (
        <LoadingState />
      ) : browser.connected ? (
        <div className="grid items-start gap-6 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <FileBrowser browser={browser} scanning={scan.isPending} onScan={scanHere} />
          </div>
          <div className="space-y-6 lg:col-span-2">
            <SelectionPanel
              selected={browser.selected}
              folders={folders.data ?? []}
              folderId={folderId}
              onFolder={setFolderId}
              onRemove={(f) => browser.pick([f], false)}
              onClear={browser.clearSelection}
              onMigrate={() => migration.submit([...browser.selected.keys()], folderId)}
              starting={migration.starting}
            />
            <HelpCard title={commonTexts.howItWorks} items={t.help} />
          </div>
        </div>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <ConnectionForm connecting={browser.connecting} onConnect={browser.connect} />
          </div>
          <div className="lg:col-span-2">
            <HelpCard title={commonTexts.howItWorks} items={t.help} />
          </div>
        </div>
      )}

      {scanResult && <ScanResultsModal result={scanResult} onClose={() => setScanResult(null)} onAdd={addScanned} />}
      {migration.open && migration.status && (
        <MigrationProgressModal
          status={migration.status}
          readAt={migration.readAt}
          onClose={migration.hide}
          onCancel={migration.stop}
          cancelling={migration.cancelling}
        />
      )}
    </div>
  );
}
