import { formatMinute } from '@/lib/format.ts';
import Download from 'lucide-react/icons/download';
import List from 'lucide-react/icons/list';
import PlusCircle from 'lucide-react/icons/plus-circle';
import Smartphone from 'lucide-react/icons/smartphone';
import Trash2 from 'lucide-react/icons/trash-2';
import { type AndroidApp } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { androidAppCatalogue } from '@/i18n/android-app.ts';
import { useLocale, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { isBuilding, statusTone, type StatusTone } from '../utils/android-view.ts';

const TONES: Record<StatusTone, string> = {
  green: 'bg-green-100 text-green-800',
  red: 'bg-red-100 text-red-800',
  yellow: 'bg-yellow-100 text-yellow-800',
};
const cell = 'px-3 py-3 first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6 align-top';

/** Nothing built yet: what the page is for, and the way to the create tab. */
export function NoApps({ onCreate }: { onCreate: () => void }) {
  const commonTexts = useTexts(commonCatalogue);
  const androidAppTexts = useTexts(androidAppCatalogue);
  return (
    <section data-testid="android-empty" className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
      <Smartphone className="h-10 w-10 text-gray-300" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-gray-900">{androidAppTexts.emptyTitle}</h2>
      <p className="max-w-xl text-sm text-gray-600">{androidAppTexts.emptyText}</p>
      <Button onClick={onCreate}>
        <PlusCircle className="h-4 w-4" aria-hidden="true" />
        {commonTexts.createApp}
      </Button>
    </section>
  );
}

/**
 * The built apps: when each was asked, its status ('Concluído' green with the APK to download,
 * 'Erro' red with the reason, 'Em andamento' yellow) and its removal.
 */
export function AndroidAppsTable({ apps, onDownload, downloading, onRemove, removing }: {
  apps: AndroidApp[];
  onDownload: (app: AndroidApp) => void;
  downloading: number | null;
  onRemove: (app: AndroidApp) => void;
  removing: number | null;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const androidAppTexts = useTexts(androidAppCatalogue);
  const locale = useLocale();
  const { timeZone } = useDateTimeFormat();
  const building = apps.some(isBuilding);
  return (
    <SectionCard title={androidAppTexts.apps} description={androidAppTexts.appsDescription} icon={List}>
      {building && (
        <p role="status" className="mb-3 flex items-center gap-2 rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-800">
          <Spinner className="h-4 w-4" />
          {androidAppTexts.building}
        </p>
      )}
      <div className="-mx-5 overflow-x-auto sm:-mx-6">
        <table className="min-w-full divide-y divide-gray-100 text-sm" data-testid="android-apps">
          <caption className="sr-only">{androidAppTexts.appsCaption}</caption>
          <thead>
            <tr className="text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
              {androidAppTexts.columns.map((c) => <th key={c} scope="col" className={cn(cell, 'py-2 whitespace-nowrap')}>{c}</th>)}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {apps.map((app) => {
              const when = formatMinute(app.data, timeZone, locale);
              return (
                <tr key={app.id} data-testid="android-app-row">
                  <td className={cell}>
                    <div className="font-medium whitespace-nowrap text-gray-900 tabular-nums">{when}</div>
                    <div className="text-xs text-gray-500">{app.nome}{app.versao ? ` · v${app.versao}` : ''}</div>
                  </td>
                  <td className={cell}>
                    <span data-testid="android-status" className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[statusTone(app.status)])}>
                      {isBuilding(app) && <Spinner className="h-3 w-3" />}
                      {androidAppTexts.statusLabels[app.status === 1 ? 'done' : app.status === 2 ? 'error' : 'building']}
                    </span>
                    {app.status === 2 && app.aviso && <p className="mt-1 max-w-md text-xs text-red-700" data-testid="android-aviso">{app.aviso}</p>}
                  </td>
                  <td className={cell}>
                    <div className="flex flex-wrap gap-2 whitespace-nowrap">
                      {app.status === 1 && app.zip && (
                        <Button variant="success" onClick={() => onDownload(app)} disabled={downloading === app.id} aria-label={androidAppTexts.downloadItem({ date: when })}>
                          {downloading === app.id ? <Spinner className="h-4 w-4" /> : <Download className="h-4 w-4" aria-hidden="true" />}
                          {commonTexts.downloadApk}
                        </Button>
                      )}
                      <Button variant="secondary" onClick={() => onRemove(app)} disabled={removing === app.id} aria-label={androidAppTexts.removeItem({ date: when })} className="text-red-700">
                        {removing === app.id ? <Spinner className="h-4 w-4" /> : <Trash2 className="h-4 w-4" aria-hidden="true" />}
                        {commonTexts.remove}
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </SectionCard>
  );
}
