import AlertTriangle from 'lucide-react/icons/alert-triangle';
import Home from 'lucide-react/icons/home';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { commonCatalogue } from '@/i18n/common.ts';
import { textsNow, useLocale } from '@/i18n/runtime.ts';
import { startCatalogue } from '@/i18n/start.ts';
import { Button } from '@/components/ui/button.tsx';

/** Shown by the error boundary on an unexpected rendering error. */
export function ErrorScreen({
  onRetry, onGoToDashboard, onReload,
}: {
  onRetry: () => void;
  onGoToDashboard: () => void;
  onReload: () => void;
}) {
  // the last resort must never suspend nor fail on a translation that could not load: the texts
  // in the panel's language when loaded (they load with the language), else the Portuguese ones
  useLocale();
  const commonTexts = textsNow(commonCatalogue);
  const startMsg = textsNow(startCatalogue);
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-12">
      <div className="w-full max-w-xl rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-xl shadow-gray-200/60">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-red-100 text-red-600">
          <AlertTriangle className="h-8 w-8" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-2xl font-bold text-gray-900">{startMsg.errorScreenTitle}</h1>
        <p className="mt-2 text-gray-600">{commonTexts.errorScreenText}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">
          <Button onClick={onRetry}>
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            {startMsg.tryAgain}
          </Button>
          <Button variant="secondary" onClick={onGoToDashboard}>
            <Home className="h-4 w-4" aria-hidden="true" />
            {startMsg.goToDashboard}
          </Button>
          <Button variant="secondary" onClick={onReload}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
            {startMsg.reloadPage}
          </Button>
        </div>
        <p className="mt-8 border-t border-gray-100 pt-6 text-sm text-gray-500">{startMsg.errorScreenNote}</p>
      </div>
    </main>
  );
}
