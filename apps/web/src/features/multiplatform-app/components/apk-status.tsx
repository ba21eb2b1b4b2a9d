import { toast } from '@/lib/toast.ts';
import AlertTriangle from 'lucide-react/icons/alert-triangle';
import Download from 'lucide-react/icons/download';
import { type WebApp } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { multiplatformAppCatalogue } from '@/i18n/multiplatform-app.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useDownloadApk } from '@/lib/apk-download.ts';

/**
 * Where the app's APK stands: being built (the page polls until it ends), failed (the Android
 * page has the reason), or ready to download. `showNone` also says when there is none yet.
 */
export function ApkStatus({ app, showNone = false }: { app: WebApp; showNone?: boolean }) {
  const commonTexts = useTexts(commonCatalogue);
  const multiplatformAppTexts = useTexts(multiplatformAppCatalogue);
  const download = useDownloadApk();

  if (app.apk_status === 'building') {
    return (
      <p role="status" data-testid="apk-building" className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <Spinner className="mt-0.5 h-4 w-4 shrink-0" />
        {multiplatformAppTexts.apkBuilding}
      </p>
    );
  }
  if (app.apk_criado && app.apk_zip) {
    return (
      <Button
        variant="success"
        disabled={download.isPending}
        onClick={() => download.mutate(app.apk_zip, { onError: (err) => toast.error(errorMessage(err, textsNow(commonCatalogue).apkDownloadError)) })}
      >
        {download.isPending ? <Spinner className="h-4 w-4" /> : <Download className="h-4 w-4" aria-hidden="true" />}
        {download.isPending ? multiplatformAppTexts.apkDownloading : commonTexts.downloadApk}
      </Button>
    );
  }
  if (app.apk_status === 'error') {
    return (
      <p role="status" data-testid="apk-error" className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {multiplatformAppTexts.apkFailed}
      </p>
    );
  }
  return showNone ? <p className="text-sm text-gray-500">{multiplatformAppTexts.apkNone}</p> : null;
}
