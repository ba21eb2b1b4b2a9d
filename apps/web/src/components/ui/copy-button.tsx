import Copy from 'lucide-react/icons/copy';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { copyWithToast } from '@/lib/clipboard.ts';
import { cn } from '@/lib/cn.ts';

/** An icon button copying `value`; its accessible name is 'Copiar {item}'. */
export function CopyButton({ value, item, className, disabled }: { value: string; item: string; className?: string; disabled?: boolean }) {
  const commonTexts = useTexts(commonCatalogue);
  return (
    <button
      type="button"
      aria-label={commonTexts.copyItem({ item })}
      title={commonTexts.copyItem({ item })}
      disabled={disabled || !value}
      onClick={() => void copyWithToast(value, item)}
      className={cn(
        'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg border border-gray-200 bg-white text-gray-600',
        'hover:bg-gray-50 hover:text-blue-600 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:opacity-50',
        className,
      )}
    >
      <Copy className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
