import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpDown from 'lucide-react/icons/arrow-up-down';
import Ban from 'lucide-react/icons/ban';
import KeyRound from 'lucide-react/icons/key-round';
import LogIn from 'lucide-react/icons/log-in';
import Pencil from 'lucide-react/icons/pencil';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import ServerCog from 'lucide-react/icons/server-cog';
import Trash2 from 'lucide-react/icons/trash-2';
import type { ReactNode } from 'react';
import type { ManagedAccount } from '@painel/contract';
import { managementCatalogue } from '@/i18n/management.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { cn } from '@/lib/cn.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { formatBitrate, formatMegabytes } from '@/lib/format.ts';
import { SORT_KEYS, type Sort, type SortKey } from '../utils/streamings-view.ts';

// tight columns, the outer ones aligned with the card's padding
const cell = 'px-3 py-2.5 first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';
const iconButton = 'inline-flex h-8 w-8 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:opacity-50';

export interface RowActions {
  onEditPlan: (a: ManagedAccount) => void;
  onResetPassword: (a: ManagedAccount) => void;
  onSuspend: (a: ManagedAccount) => void;
  onReactivate: (a: ManagedAccount) => void;
  onDelete: (a: ManagedAccount) => void;
  /** 'Acessar painel': into the streaming's panel as the streaming. */
  onEnter: (a: ManagedAccount) => void;
  /** The operator sees these accounts (it lifts any suspension; a reseller not the operator's). */
  operator: boolean;
  /** 'Mover para outro servidor' (the operator only; absent: not offered). */
  onMove?: (a: ManagedAccount) => void;
  /** The account an action is running for: its buttons wait. */
  busyId: number | null;
}

function StateBadge({ account }: { account: ManagedAccount }) {
  const managementTexts = useTexts(managementCatalogue);
  const [text, tone] = !account.suspensa
    ? [managementTexts.stateActive, 'bg-green-100 text-green-800']
    : account.suspensa_pela_revenda
      ? [managementTexts.stateSuspendedWithReseller, 'bg-amber-100 text-amber-800']
      // a reseller's streaming the operator suspended: said so, to the reseller and the operator alike
      : account.suspensao === 'suspended_by_operator' && account.revenda_id !== null
        ? [managementTexts.stateSuspendedByOperator, 'bg-red-100 text-red-800']
        : [managementTexts.stateSuspended, 'bg-red-100 text-red-800'];
  return <span data-testid="streaming-state" className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', tone)}>{text}</span>;
}

/**
 * The accounts as a table that scrolls sideways on a narrow screen, its columns sortable
 * (a button in each header, aria-sort on the sorted one) and each row's actions.
 */
export function StreamingsTable({ accounts, sort, onSort, actions }: {
  accounts: readonly ManagedAccount[];
  sort: Sort;
  onSort: (key: SortKey) => void;
  actions: RowActions;
}) {
  const managementTexts = useTexts(managementCatalogue);
  const { dateTime } = useDateTimeFormat();
  const header = (key: SortKey): ReactNode => {
    const label = managementTexts.columns[key];
    const active = sort.key === key;
    const Icon = !active ? ArrowUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
    return (
      <th key={key} scope="col" aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined} className={cn(cell, 'py-2 whitespace-nowrap')}>
        <button
          type="button"
          onClick={() => onSort(key)}
          title={managementTexts.sortBy({ column: label })}
          className="inline-flex items-center gap-1 rounded uppercase hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-500"
        >
          {label}
          <Icon className={cn('h-3.5 w-3.5', active ? 'text-gray-700' : 'text-gray-300')} aria-hidden="true" />
        </button>
      </th>
    );
  };

  return (
    // focusable, so a keyboard can scroll it when a narrow screen cuts the table
    <div tabIndex={0} role="group" aria-label={managementTexts.listTitle} className="-mx-5 overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-500 sm:-mx-6">
      <table className="min-w-full divide-y divide-gray-100 text-sm" data-testid="streamings-table">
        <caption className="sr-only">{managementTexts.listTitle}</caption>
        <thead>
          <tr className="text-left text-xs font-semibold tracking-wide text-gray-500">
            {SORT_KEYS.map(header)}
            <th scope="col" className={cn(cell, 'py-2 text-right whitespace-nowrap uppercase')}>{managementTexts.actionsColumn}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {accounts.map((a) => {
            const busy = actions.busyId === a.id;
            return (
              <tr key={a.id} data-testid="streaming-row" data-login={a.usuario}>
                <td className={cn(cell, 'font-medium whitespace-nowrap text-gray-900')}>
                  {a.usuario}
                  {a.tipo === 'revenda' && <span className="ml-2 rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800">{managementTexts.resellerBadge}</span>}
                </td>
                <td className={cn(cell, 'text-gray-700')}>{a.nome || <span className="text-gray-400">{managementTexts.noName}</span>}</td>
                <td className={cn(cell, 'text-gray-700')}>{a.email}</td>
                <td className={cn(cell, 'whitespace-nowrap text-gray-700 tabular-nums')} data-testid="streaming-plan">
                  {formatBitrate(a.bitrate)} · {managementTexts.planViewers({ n: a.espectadores })} · {formatMegabytes(a.espaco)}
                </td>
                <td className={cn(cell, 'whitespace-nowrap text-gray-700 tabular-nums')}>{formatMegabytes(a.espaco_usado)}</td>
                <td className={cn(cell, 'whitespace-nowrap')}>
                  {a.ao_vivo
                    ? <span className="font-medium text-red-600">{managementTexts.liveYes({ n: a.espectadores_agora })}</span>
                    : <span className="text-gray-500">{managementTexts.liveNo}</span>}
                </td>
                <td className={cell}><StateBadge account={a} /></td>
                <td className={cn(cell, 'whitespace-nowrap text-gray-600')}><time dateTime={a.created_at}>{dateTime(a.created_at)}</time></td>
                <td className={cn(cell, 'whitespace-nowrap text-right')}>
                  <div className="inline-flex items-center gap-1">
                    {a.tipo === 'streaming' && !a.suspensa && (
                      <button type="button" disabled={busy} onClick={() => actions.onEnter(a)} aria-label={managementTexts.enterPanel({ login: a.usuario })} title={managementTexts.enterPanel({ login: a.usuario })} className={cn(iconButton, 'hover:text-blue-600')}>
                        <LogIn className="h-4 w-4" aria-hidden="true" />
                      </button>
                    )}
                    <button type="button" disabled={busy} onClick={() => actions.onEditPlan(a)} aria-label={managementTexts.editPlan({ login: a.usuario })} title={managementTexts.editPlan({ login: a.usuario })} className={cn(iconButton, 'hover:text-blue-600')}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </button>
                    <button type="button" disabled={busy} onClick={() => actions.onResetPassword(a)} aria-label={managementTexts.resetPassword({ login: a.usuario })} title={managementTexts.resetPassword({ login: a.usuario })} className={cn(iconButton, 'hover:text-blue-600')}>
                      <KeyRound className="h-4 w-4" aria-hidden="true" />
                    </button>
                    {a.suspensa ? (actions.operator || a.suspensao !== 'suspended_by_operator') && (
                      <button type="button" disabled={busy} onClick={() => actions.onReactivate(a)} aria-label={managementTexts.reactivate({ login: a.usuario })} title={managementTexts.reactivate({ login: a.usuario })} className={cn(iconButton, 'hover:text-green-700')}>
                        <RotateCcw className="h-4 w-4" aria-hidden="true" />
                      </button>
                    ) : (
                      <button type="button" disabled={busy} onClick={() => actions.onSuspend(a)} aria-label={managementTexts.suspend({ login: a.usuario })} title={managementTexts.suspend({ login: a.usuario })} className={cn(iconButton, 'hover:text-amber-700')}>
                        <Ban className="h-4 w-4" aria-hidden="true" />
                      </button>
                    )}
                    {actions.onMove && (
                      <button type="button" disabled={busy} onClick={() => actions.onMove?.(a)} aria-label={managementTexts.move.action({ login: a.usuario })} title={managementTexts.move.action({ login: a.usuario })} className={cn(iconButton, 'hover:text-blue-600')} data-testid="move-account">
                        <ServerCog className="h-4 w-4" aria-hidden="true" />
                      </button>
                    )}
                    {a.tipo === 'streaming' && (
                      <button type="button" disabled={busy} onClick={() => actions.onDelete(a)} aria-label={managementTexts.remove({ login: a.usuario })} title={managementTexts.remove({ login: a.usuario })} className={cn(iconButton, 'hover:text-red-600')}>
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
