import { useState } from 'react';
import Pencil from 'lucide-react/icons/pencil';
import Server from 'lucide-react/icons/server';
import type { ServerSummary } from '@painel/contract';
import { managementCatalogue } from '@/i18n/management.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { formatMegabytes, formatNumber, formatPercent } from '@/lib/format.ts';
import { useServers } from '../api/servers.ts';
import { ServerEdgeModal } from './server-edge-modal.tsx';

const cell = 'px-3 py-2.5 first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';

/**
 * 'Servidores': each media server with whether it reports, its load (CPU, live channels, media
 * processes, viewers, free disk), its accounts and the HLS edge its players use (editable);
 * re-read every 10 s.
 */
export function ServersSection() {
  const managementTexts = useTexts(managementCatalogue);
  const adminTexts = managementTexts.admin;
  const { dateTime } = useDateTimeFormat();
  const servers = useServers();
  const [editing, setEditing] = useState<ServerSummary | null>(null);

  const list = servers.data?.servidores;
  const columns = [
    adminTexts.serverColId, adminTexts.serverColHost, adminTexts.serverColState, adminTexts.serverColCpu, adminTexts.serverColLive,
    adminTexts.serverColProcesses, adminTexts.serverColViewers, adminTexts.serverColDisk, adminTexts.serverColAccounts, adminTexts.serverColEdge,
  ];
  return (
    <SectionCard title={adminTexts.serversTitle} description={adminTexts.serversDescription} icon={Server}>
      {servers.isPending ? (
        <LoadingState />
      ) : servers.isError && !list ? (
        <p role="alert" className="text-sm text-red-700">{errorMessage(servers.error, adminTexts.serversLoadError)}</p>
      ) : !list || list.length === 0 ? (
        <p className="py-6 text-center text-sm text-gray-500">{adminTexts.serversEmpty}</p>
      ) : (
        <div tabIndex={0} role="group" aria-label={adminTexts.serversTitle} className="-mx-5 overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-500 sm:-mx-6">
          <table className="min-w-full divide-y divide-gray-100 text-sm" data-testid="servers-table">
            <caption className="sr-only">{adminTexts.serversTitle}</caption>
            <thead>
              <tr className="text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
                {columns.map((label) => <th key={label} scope="col" className={cn(cell, 'py-2 whitespace-nowrap')}>{label}</th>)}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {list.map((s) => (
                <tr key={s.id} data-testid="server-row" data-server={s.id}>
                  <td className={cn(cell, 'font-medium whitespace-nowrap text-gray-900')}>
                    {adminTexts.serverName({ id: s.id })}
                    {s.id === servers.data?.este_servidor && <span className="ml-1 text-xs font-normal text-gray-500">({adminTexts.serverThis})</span>}
                  </td>
                  <td className={cn(cell, 'text-gray-700')}>
                    <span className="block font-mono text-xs whitespace-nowrap">{s.public_url}</span>
                    <span className="block text-xs whitespace-nowrap text-gray-500">RTMP {s.rtmp_port} · FTP {s.ftp_port}</span>
                  </td>
                  <td className={cell}>
                    <span
                      data-testid="server-state" data-online={s.online ? 'true' : 'false'}
                      title={adminTexts.serverLastBeat({ date: dateTime(s.batida_em) })}
                      className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', s.online ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800')}
                    >
                      {s.online ? adminTexts.serverOnline : adminTexts.serverOffline}
                    </span>
                  </td>
                  <td className={cn(cell, 'whitespace-nowrap text-gray-700 tabular-nums')}>
                    <span className="block">{formatPercent(s.carga.cpu_percentual)}</span>
                    <span className="block text-xs text-gray-500">{adminTexts.serverCores({ n: s.carga.nucleos })}</span>
                  </td>
                  <td className={cn(cell, 'text-gray-700 tabular-nums')}>{formatNumber(s.carga.canais_ao_vivo)}</td>
                  <td className={cn(cell, 'text-gray-700 tabular-nums')}>{formatNumber(s.carga.processos)}</td>
                  <td className={cn(cell, 'text-gray-700 tabular-nums')}>{formatNumber(s.carga.espectadores)}</td>
                  <td className={cn(cell, 'whitespace-nowrap text-gray-700 tabular-nums')}>{formatMegabytes(s.carga.disco_livre_mb)}</td>
                  <td className={cn(cell, 'text-gray-700 tabular-nums')}>{formatNumber(s.contas)}</td>
                  <td className={cn(cell, 'text-gray-700')}>
                    <span className="flex items-center gap-2">
                      <span data-testid="server-edge" className={cn('font-mono text-xs whitespace-nowrap', !s.edge_url && 'font-sans text-gray-400')}>
                        {s.edge_url ?? adminTexts.serverEdgeNone}
                      </span>
                      <button
                        type="button"
                        onClick={() => setEditing(s)}
                        aria-label={adminTexts.serverEdgeEdit({ id: s.id })}
                        title={adminTexts.serverEdgeEdit({ id: s.id })}
                        className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-blue-500"
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && <ServerEdgeModal server={editing} onClose={() => setEditing(null)} />}
    </SectionCard>
  );
}
