import AlertTriangle from 'lucide-react/icons/alert-triangle';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { useServerErrors } from '@/i18n/server-errors.ts';
import { processErrorMessage } from '@/lib/api-client.ts';
import type { StreamingStatus } from '@/lib/streaming-status.ts';

/** The playlist broadcast keeps failing: said plainly, with the reason, where 'No ar' would otherwise be. */
export function PlayoutFailingNotice({ status }: { status: Pick<StreamingStatus, 'playout'> | undefined }) {
  const commonTexts = useTexts(commonCatalogue);
  const falha = status?.playout?.falha;
  useServerErrors(!!falha?.codigo); // the reason in the panel's language once its texts arrive
  if (!falha) return null;
  return (
    <div role="alert" data-testid="playout-failing" className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">{commonTexts.playoutFailingTitle}</p>
        <p className="break-words">
          {commonTexts.playoutFailingHelp} <span data-testid="playout-failing-reason">{processErrorMessage(falha.motivo, falha.codigo, falha.valores)}</span>
        </p>
      </div>
    </div>
  );
}
