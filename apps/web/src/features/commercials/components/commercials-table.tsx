import { toast } from '@/lib/toast.ts';
import List from 'lucide-react/icons/list';
import Pencil from 'lucide-react/icons/pencil';
import Power from 'lucide-react/icons/power';
import PowerOff from 'lucide-react/icons/power-off';
import Trash2 from 'lucide-react/icons/trash-2';
import type { Commercial } from '@painel/contract';
import { commercialsCatalogue } from '@/i18n/commercials.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { useDeleteCommercial } from '../api/delete-commercial.ts';
import { useToggleCommercial } from '../api/toggle-commercial.ts';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

/** The configs: playlist, folder (and how many of its videos can play), quantity, interval, state, actions. */
export function CommercialsTable({
  configs, loading, failure, onRetry, editingId, onEdit, onRemoved,
}: {
  configs: Commercial[];
  loading: boolean;
  /** why the list could not be read, or null */
  failure: string | null;
  onRetry: () => void;
  editingId: number | null;
  onEdit: (c: Commercial) => void;
  onRemoved: (id: number) => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const commercialsTexts = useTexts(commercialsCatalogue);
  const msg = useTexts(messageCatalogue);
  const columns = commercialsTexts.columns;
  const toggle = useToggleCommercial();
  const remove = useDeleteCommercial();

  function flip(c: Commercial) {
    toggle.mutate(
      { id: c.id, ativo: !c.ativo },
      {
        onSuccess: () => toast.success(c.ativo ? textsNow(messageCatalogue).commercialsOff : textsNow(messageCatalogue).commercialsOn),
        onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).commercialToggleError)),
      },
    );
  }

  const confirm = useConfirm();

  async function drop(c: Commercial) {
    if (!(await confirm(msg.commercialRemoveConfirm))) return;
    remove.mutate(c.id, {
      onSuccess: () => {
        toast.success(textsNow(messageCatalogue).commercialRemoved);
        onRemoved(c.id);
      },
      onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).commercialRemoveError)),
    });
  }

  return (
    <SectionCard title={commercialsTexts.listTitle} icon={List}>
      {loading ? (
        <LoadingState label={commercialsTexts.listLoading} />
      ) : failure ? (
        <div className="flex flex-col items-center gap-3 py-6 text-sm">
          <p className="text-red-600">{failure}</p>
          <Button variant="secondary" onClick={onRetry}>{msg.tryAgain}</Button>
        </div>
      ) : configs.length === 0 ? (
        <p className="py-6 text-center text-sm text-gray-500">{commercialsTexts.empty}</p>
      ) : (
        <div className="-mx-5 overflow-x-auto sm:-mx-6">
          <table className="min-w-full divide-y divide-gray-100 text-sm">
            <caption className="sr-only">{commercialsTexts.listTitle}</caption>
            <thead>
              <tr className="text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
                {columns.map((c) => <th key={c} scope="col" className="px-5 py-2 sm:px-6">{c}</th>)}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {configs.map((c) => (
                <tr key={c.id} className={cn(c.id === editingId && 'bg-blue-50')}>
                  <td className="px-5 py-3 font-medium text-gray-900 sm:px-6">{c.nome_playlist}</td>
                  <td className="px-5 py-3 sm:px-6">
                    <div className="text-gray-900">{c.nome_pasta}</div>
                    <div className={cn('text-xs', c.videos_pasta > 0 ? 'text-gray-500' : 'text-red-600')}>
                      {c.videos_pasta > 0 ? commercialsTexts.playable({ n: c.videos_pasta }) : commercialsTexts.nonePlayable}
                    </div>
                  </td>
                  <td className="px-5 py-3 text-gray-700 tabular-nums sm:px-6">{c.quantidade_comerciais}</td>
                  <td className="px-5 py-3 whitespace-nowrap text-gray-700 sm:px-6">{commercialsTexts.every({ n: c.intervalo_videos })}</td>
                  <td className="px-5 py-3 sm:px-6">
                    <span
                      className={cn(
                        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
                        c.ativo ? 'bg-green-100 text-green-700' : 'bg-gray-100 text-gray-600',
                      )}
                    >
                      {c.ativo ? commonTexts.active : commercialsTexts.inactive}
                    </span>
                  </td>
                  <td className="px-5 py-3 sm:px-6">
                    <div className="flex gap-1.5 whitespace-nowrap">
                      <Button
                        variant="secondary"
                        className="px-2.5 py-1.5"
                        onClick={() => flip(c)}
                        disabled={toggle.isPending && toggle.variables.id === c.id}
                        aria-label={c.ativo ? commercialsTexts.deactivateLabel({ playlist: c.nome_playlist }) : commercialsTexts.activateLabel({ playlist: c.nome_playlist })}
                      >
                        {c.ativo ? <PowerOff className="h-4 w-4" aria-hidden="true" /> : <Power className="h-4 w-4" aria-hidden="true" />}
                        {c.ativo ? commercialsTexts.deactivate : commercialsTexts.activate}
                      </Button>
                      <Button variant="secondary" className="px-2.5 py-1.5" onClick={() => onEdit(c)} aria-label={commercialsTexts.editLabel({ playlist: c.nome_playlist })}>
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                        {commercialsTexts.edit}
                      </Button>
                      <Button
                        variant="ghost"
                        className="px-2.5 py-1.5 text-red-600"
                        onClick={() => drop(c)}
                        disabled={remove.isPending && remove.variables === c.id}
                        aria-label={commercialsTexts.removeLabel({ playlist: c.nome_playlist })}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                        {commonTexts.delete}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}
