import { toast } from '@/lib/toast.ts';
import List from 'lucide-react/icons/list';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Square from 'lucide-react/icons/square';
import Trash2 from 'lucide-react/icons/trash-2';
import { commonCatalogue } from '@/i18n/common.ts';
import { livesCatalogue } from '@/i18n/lives.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useLocale, useTexts } from '@/i18n/runtime.ts';
import { useServerErrors } from '@/i18n/server-errors.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage, processErrorMessage, serverText } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { formatMinute } from '@/lib/format.ts';
import { useLives, type Live } from '../api/get-lives.ts';
import { useRemoveLive } from '../api/remove-live.ts';
import { useStopLive } from '../api/stop-live.ts';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

/** 1 transmitting (red pulsing dot, green text), 2 waiting (yellow), 3 error (red, with its reason), anything else gray. */
function LiveStatus({ live }: { live: Live }) {
  const livesTexts = useTexts(livesCatalogue);
  useServerErrors(!!live.erro_codigo); // the reason in the panel's language once its texts arrive
  const reason = live.erro && processErrorMessage(live.erro, live.erro_codigo, live.erro_valores);
  // OBS itself, on air, reads as transmitting; an error or a failing live carries its reason
  const label = livesTexts.stateLabels[live.estado === 'obs' ? 'live' : live.estado];
  const tone = live.status === 1 ? 'text-green-700' : live.status === 2 ? 'text-amber-700' : live.status === 3 ? 'text-red-700' : 'text-gray-500';
  return (
    <span className={cn('inline-flex items-center gap-2 text-sm font-medium', tone)} data-testid="live-status">
      {live.status === 1 ? (
        <span className="relative flex h-2.5 w-2.5" aria-hidden="true">
          <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-red-400 opacity-75" />
          <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-red-500" />
        </span>
      ) : (
        <span
          aria-hidden="true"
          className={cn('h-2.5 w-2.5 rounded-full', live.status === 2 ? 'bg-amber-400' : live.status === 3 ? 'bg-red-500' : 'bg-gray-300')}
        />
      )}
      {reason ? `${label}: ${reason}` : label}
    </span>
  );
}

/** A live's start or end in the panel's language and the account's time zone ('27/11/2026 10:30' in pt-BR); the server's text when it is no date. */
function useLiveDate() {
  const { timeZone } = useDateTimeFormat();
  const locale = useLocale();
  return (iso: string, shown: string) => (iso && formatMinute(iso, timeZone, locale)) || shown;
}

export function LivesTable() {
  const commonTexts = useTexts(commonCatalogue);
  const livesTexts = useTexts(livesCatalogue);
  const liveDate = useLiveDate();
  const lives = useLives();
  const stop = useStopLive();
  const remove = useRemoveLive();

  const confirm = useConfirm();

  async function finish(l: Live) {
    const msg = textsNow(messageCatalogue);
    if (!(await confirm(msg.liveFinishConfirm))) return;
    stop.mutate(l.id, {
      onSuccess: (m) => toast.success(serverText(m, textsNow(messageCatalogue).liveStopped)),
      onError: (e) => toast.error(errorMessage(e, textsNow(messageCatalogue).stopError)),
    });
  }
  async function drop(l: Live) {
    const msg = textsNow(messageCatalogue);
    if (!(await confirm(msg.liveRemoveConfirm))) return;
    remove.mutate(l.id, {
      onSuccess: (m) => toast.success(serverText(m, textsNow(messageCatalogue).liveRemoved)),
      onError: (e) => toast.error(errorMessage(e, textsNow(messageCatalogue).liveRemoveError)),
    });
  }

  const list = lives.data ?? [];
  const columns = livesTexts.columns;
  const platformName = (l: Live) => (l.tipo === 'custom' ? commonTexts.customPlatform : l.platform_name);
  return (
    <SectionCard
      title={livesTexts.tableTitle}
      icon={List}
      actions={
        <Button variant="secondary" onClick={() => void lives.refetch()} disabled={lives.isFetching}>
          <RefreshCw className={cn('h-4 w-4', lives.isFetching && 'animate-spin')} aria-hidden="true" />
          {commonTexts.refresh}
        </Button>
      }
    >
      {lives.isPending ? (
        <LoadingState />
      ) : list.length === 0 ? (
        <p className="text-sm text-gray-500">{livesTexts.empty}</p>
      ) : (
        // focusable, so a keyboard can scroll it when a narrow screen cuts the table (a row may have no button)
        <div tabIndex={0} role="group" aria-label={livesTexts.tableTitle} className="-mx-5 overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-500 sm:-mx-6">
          <table className="min-w-full divide-y divide-gray-100 text-sm">
            <thead>
              <tr className="text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
                {columns.map((c) => <th key={c} scope="col" className="px-5 py-2 sm:px-6">{c}</th>)}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {list.map((l) => (
                <tr key={l.id} data-testid={`live-row-${l.id}`}>
                  <td className="px-5 py-3 sm:px-6">
                    <div className="font-medium text-gray-900">{platformName(l)}</div>
                    {l.servidor_live && <div className="max-w-xs truncate text-xs text-gray-500" title={l.servidor_live}>{l.servidor_live}</div>}
                  </td>
                  <td className="px-5 py-3 whitespace-nowrap text-gray-700 sm:px-6">{liveDate(l.data_inicio, l.data_inicio_formatted)}</td>
                  <td className="px-5 py-3 whitespace-nowrap text-gray-700 sm:px-6">{liveDate(l.data_fim, l.data_fim_formatted)}</td>
                  <td className="px-5 py-3 font-mono whitespace-nowrap text-gray-700 sm:px-6">{l.duracao}</td>
                  <td className="px-5 py-3 sm:px-6"><LiveStatus live={l} /></td>
                  <td className="px-5 py-3 sm:px-6">
                    {l.id !== 0 && (
                      <div className="flex gap-2">
                        {l.status === 1 && (
                          <Button variant="secondary" onClick={() => finish(l)} aria-label={livesTexts.finishLabel({ name: platformName(l) })} disabled={stop.isPending}>
                            <Square className="h-4 w-4" aria-hidden="true" />
                            {commonTexts.finish}
                          </Button>
                        )}
                        <Button variant="ghost" onClick={() => drop(l)} aria-label={livesTexts.removeLabel({ name: platformName(l) })} disabled={remove.isPending}>
                          <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                          {commonTexts.remove}
                        </Button>
                      </div>
                    )}
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
