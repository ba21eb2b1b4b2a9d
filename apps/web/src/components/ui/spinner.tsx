import LoaderCircle from 'lucide-react/icons/loader-circle';
import { cn } from '@/lib/cn.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { textsNow, useLocale } from '@/i18n/runtime.ts';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle className={cn('h-5 w-5 animate-spin', className)} aria-hidden="true" />;
}

/**
 * A small centred loading state with a live status text. It is the fallback shown while texts
 * load, so it never waits for them itself: the panel's language once loaded, else Portuguese.
 */
export function LoadingState({ label, fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  useLocale();
  const commonTexts = textsNow(commonCatalogue);
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center gap-3 text-sm text-gray-500',
        fullScreen ? 'min-h-screen bg-gray-50' : 'py-16',
      )}
    >
      <Spinner className="text-blue-600" />
      <span>{label ?? commonTexts.loading}</span>
    </div>
  );
}
