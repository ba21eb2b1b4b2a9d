import { useId, useMemo, useState } from 'react';
import ListFilter from 'lucide-react/icons/list-filter';
import Users from 'lucide-react/icons/users';
import { AUDIENCE, type Viewer } from '@painel/contract';
import { audienceCatalogue } from '@/i18n/audience.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { cn } from '@/lib/cn.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { formatTimeSpan } from '@/lib/format.ts';
import { ago, filterViewers, STATUS_FILTERS, type StatusFilter } from '../utils/audience-view.ts';

const field = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none';
// tight columns, the outer ones aligned with the card's padding: eight columns fit a laptop screen
const cell = 'px-3 py-2.5 first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';
const isStatus = (v: string): v is StatusFilter => (STATUS_FILTERS as readonly string[]).includes(v);

/** 'há 5 min', with the date and time itself on hover. */
function When({ iso, dateTime }: { iso: string; dateTime: (at: number) => string }) {
  const audienceTexts = useTexts(audienceCatalogue);
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return <>{audienceTexts.none}</>;
  const since = ago(iso);
  const text = since.unit === 'now'
    ? audienceTexts.agoNow
    : since.unit === 'min' ? audienceTexts.agoMinutes({ n: since.n }) : since.unit === 'h' ? audienceTexts.agoHours({ n: since.n }) : audienceTexts.agoDays({ n: since.n });
  return <time dateTime={iso} title={dateTime(at)}>{text}</time>;
}

/**
 * The period's sessions, most recent activity first, searchable by place, device and browser
 * and filtered by status. The server sends at most AUDIENCE.listMax; when it sent that many the
 * list says so (the CSV has them all).
 */
export function ViewersTable({ viewers }: { viewers: Viewer[] }) {
  const commonTexts = useTexts(commonCatalogue);
  const audienceTexts = useTexts(audienceCatalogue);
  const id = useId();
  const { dateTime } = useDateTimeFormat();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('todos');
  const shown = useMemo(() => filterViewers(viewers, text, status), [viewers, text, status]);
  return (
    <SectionCard title={audienceTexts.listTitle} description={shown.length === viewers.length ? audienceTexts.shownAll({ total: viewers.length }) : audienceTexts.shownSome({ n: shown.length, total: viewers.length })} icon={Users}>
      <fieldset className="mb-4 grid gap-3 rounded-lg bg-gray-50 p-3 sm:grid-cols-[1fr_12rem]">
        <legend className="sr-only">{audienceTexts.filterLabel}</legend>
        <div>
          <label htmlFor={`${id}-q`} className="mb-1 flex items-center gap-1.5 text-sm font-medium text-gray-700">
            <ListFilter className="h-4 w-4" aria-hidden="true" />
            {audienceTexts.filterLabel}
          </label>
          <input id={`${id}-q`} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={audienceTexts.filterPlaceholder} className={field} />
        </div>
        <div>
          <label htmlFor={`${id}-s`} className="mb-1 block text-sm font-medium text-gray-700">{commonTexts.status}</label>
          <select id={`${id}-s`} value={status} onChange={(e) => isStatus(e.target.value) && setStatus(e.target.value)} className={field}>
            {STATUS_FILTERS.map((s) => <option key={s} value={s}>{audienceTexts.statusNames[s]}</option>)}
          </select>
        </div>
      </fieldset>
      {viewers.length >= AUDIENCE.listMax && (
        <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="audience-list-capped">{audienceTexts.listCapped({ max: AUDIENCE.listMax })}</p>
      )}
      {shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-gray-500">{audienceTexts.noMatch}</p>
      ) : (
        // focusable, so a keyboard can scroll it when a narrow screen cuts the table
        <div tabIndex={0} role="group" aria-label={audienceTexts.listTitle} className="-mx-5 overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-500 sm:-mx-6">
          <table className="min-w-full divide-y divide-gray-100 text-sm" data-testid="audience-list">
            <caption className="sr-only">{audienceTexts.listTitle}</caption>
            <thead>
              <tr className="text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
                {audienceTexts.columns.map((c) => <th key={c} scope="col" className={cn(cell, 'py-2 whitespace-nowrap')}>{c}</th>)}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {shown.map((v) => (
                <tr key={v.id}>
                  <td className={cn(cell, 'font-medium whitespace-nowrap text-gray-900')}>{v.pais}</td>
                  <td className={cn(cell, 'whitespace-nowrap text-gray-700')}>{v.cidade || audienceTexts.none}</td>
                  <td className={cn(cell, 'text-gray-700')}>{v.dispositivo}</td>
                  <td className={cn(cell, 'text-gray-700')}>{v.navegador}</td>
                  <td className={cn(cell, 'whitespace-nowrap text-gray-700 tabular-nums')}>{formatTimeSpan(v.tempo_visualizacao)}</td>
                  <td className={cell}>
                    <span className={cn(
                      'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
                      v.ativo ? 'bg-green-100 text-green-800' : 'bg-gray-100 text-gray-600',
                    )}>
                      {v.ativo ? audienceTexts.viewerActive : audienceTexts.viewerInactive}
                    </span>
                  </td>
                  <td className={cn(cell, 'whitespace-nowrap text-gray-600')}><When iso={v.created_at} dateTime={dateTime} /></td>
                  <td className={cn(cell, 'whitespace-nowrap text-gray-600')}><When iso={v.ultima_atividade} dateTime={dateTime} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}
