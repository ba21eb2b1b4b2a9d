import LoaderCircle from 'lucide-react/icons/loader-circle';
import { cn } from '@/lib/cn.ts';
import { commonTexts } from '@/i18n/pt-BR/common.ts';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle className={cn('h-5 w-5 animate-spin', className)} aria-hidden="true" />;
}

/** A small centred loading state with a live status text. */
export function LoadingState({ label = commonTexts.loading, fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center gap-3 text-sm text-gray-500',
        fullScreen ? 'min-h-screen bg-gray-50' : 'py-16',
      )}
    >
      <Spinner className="text-blue-600" />
      <span>{label}</span>
    </div>
  );
}
