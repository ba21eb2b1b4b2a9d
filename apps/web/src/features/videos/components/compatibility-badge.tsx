import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { compatibilityText, type Video } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';

/**
 * Compatible is a green check, needs_conversion red (the reasons in the
 * tooltip), anything else yellow 'Verificando...'.
 */
export function CompatibilityBadge({ video }: { video: Pick<Video, 'compatibility_status' | 'compatibility_reasons'> }) {
  const commonTexts = useTexts(commonCatalogue);
  const msg = useTexts(messageCatalogue);
  const status = video.compatibility_status;
  const title = status === 'other' ? undefined : compatibilityText(status === 'compatible', video.compatibility_reasons, msg);
  if (status === 'compatible') {
    return (
      <span title={title} className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-700">
        <CircleCheck className="h-3.5 w-3.5" aria-hidden="true" />
        {commonTexts.compatible}
      </span>
    );
  }
  if (status === 'needs_conversion') {
    return (
      <span title={title} className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-700">
        <CircleAlert className="h-3.5 w-3.5" aria-hidden="true" />
        {/* the reasons are only a tooltip on screen; a screen reader reads them instead */}
        <span aria-hidden={title ? true : undefined}>{commonTexts.needsConversion}</span>
        {title && <span className="sr-only">{title}</span>}
      </span>
    );
  }
  return (
    <span title={title} className="inline-flex items-center gap-1 rounded-full bg-yellow-100 px-2 py-0.5 text-xs font-medium text-yellow-800">
      <LoaderCircle className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
      {msg.compatibilityChecking}
    </span>
  );
}
