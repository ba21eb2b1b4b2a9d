import { useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from '@/lib/toast.ts';
import Ban from 'lucide-react/icons/ban';
import Building2 from 'lucide-react/icons/building-2';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import Trash2 from 'lucide-react/icons/trash-2';
import type { InstallationTotals, ResellerSummary } from '@painel/contract';
import { managementCatalogue } from '@/i18n/management.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useUser } from '@/lib/auth.ts';
import { cn } from '@/lib/cn.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { formatMegabytes, formatNumber } from '@/lib/format.ts';
import { useDeleteReseller, useResellers, useSetResellerSuspended } from '../api/admin.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { GeneratedPasswordModal } from './generated-password-modal.tsx';
import { NewResellerModal, PoolModal } from './reseller-modals.tsx';
import { ServersSection } from './servers-section.tsx';

const cell = 'px-3 py-2.5 first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';
const iconButton = 'inline-flex h-8 w-8 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:opacity-50';

type Dialog =
  | { kind: 'new' }
  | { kind: 'pool'; reseller: ResellerSummary }
  | { kind: 'generated'; login: string; password: string };

/** The installation now: accounts by type, channels live, viewers watching, storage used. */
function Totals({ totals }: { totals: InstallationTotals }) {
  const adminTexts = useTexts(managementCatalogue).admin;
  const items = [
    { key: 'resellers', label: adminTexts.totalResellers, value: formatNumber(totals.contas.revenda) },
    { key: 'streamings', label: adminTexts.totalStreamings, value: formatNumber(totals.contas.streaming) },
    { key: 'live', label: adminTexts.totalLive, value: formatNumber(totals.ao_vivo) },
    { key: 'viewers', label: adminTexts.totalViewers, value: formatNumber(totals.espectadores_agora) },
    { key: 'storage', label: adminTexts.totalStorage, value: formatMegabytes(totals.espaco_usado) },
  ];
  return (
    <section aria-labelledby="totals-title" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6" data-testid="installation-totals">
      <h2 id="totals-title" className="mb-4 text-lg font-semibold text-gray-900">{adminTexts.totalsTitle}</h2>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
        {items.map((item) => (
          <div key={item.key} data-testid={`total-${item.key}`}>
            <dt className="text-sm font-medium text-gray-600">{item.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-gray-900 tabular-nums">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * /dashboard/administracao, the operator's only: the installation's totals, the resellers with
 * their pools (created, re-planned, suspended, reactivated and deleted here), the media servers
 * and the API keys.
 */
export function AdministrationPage() {
  const managementTexts = useTexts(managementCatalogue);
  const adminTexts = managementTexts.admin;
  const { dateTime } = useDateTimeFormat();
  const { data: user } = useUser();
  const operator = user?.tipo === 'admin';
  const list = useResellers();
  const suspension = useSetResellerSuspended();
  const deletion = useDeleteReseller();
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  // only the operator has this page
  if (user && !operator) return <Navigate to="/dashboard" replace />;

  const close = () => setDialog(null);

  async function setSuspended(r: ResellerSummary, suspended: boolean) {
    const texts = textsNow(managementCatalogue);
    if (suspended && !(await confirm(texts.suspendConfirmRevenda({ login: r.usuario })))) return;
    if (!suspended && !(await confirm(texts.admin.reactivateConfirm({ login: r.usuario })))) return;
    setBusyId(r.id);
    suspension.mutate({ id: r.id, suspended }, {
      onSuccess: () => {
        const now = textsNow(managementCatalogue);
        toast.success(suspended ? now.suspended({ login: r.usuario }) : now.reactivated({ login: r.usuario }));
      },
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
      onSettled: () => setBusyId(null),
    });
  }

  async function remove(r: ResellerSummary) {
    if (!(await confirm(textsNow(managementCatalogue).admin.removeResellerConfirm({ login: r.usuario })))) return;
    setBusyId(r.id);
    deletion.mutate(r.id, {
      onSuccess: () => toast.success(textsNow(managementCatalogue).removed({ login: r.usuario })),
      // with streamings still: the server's 409 says so
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
      onSettled: () => setBusyId(null),
    });
  }

  const resellers = list.data?.revendas ?? [];
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={adminTexts.title} subtitle={adminTexts.subtitle} />
      {list.isPending || !user ? (
        <LoadingState />
      ) : list.isError && !list.data ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-5 py-4 text-sm text-red-800">
          {errorMessage(list.error, adminTexts.loadError)}
        </p>
      ) : (
        <>
          <Totals totals={list.data.totais} />
          <SectionCard
            title={adminTexts.resellersTitle}
            description={adminTexts.resellersCount({ total: resellers.length })}
            icon={Building2}
            actions={
              <Button onClick={() => setDialog({ kind: 'new' })} data-testid="new-reseller">
                <Plus className="h-4 w-4" aria-hidden="true" />
                {adminTexts.newReseller}
              </Button>
            }
          >
            {resellers.length === 0 ? (
              <p className="py-6 text-center text-sm text-gray-500">{adminTexts.resellersEmpty}</p>
            ) : (
              <div tabIndex={0} role="group" aria-label={adminTexts.resellersTitle} className="-mx-5 overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-500 sm:-mx-6">
                <table className="min-w-full divide-y divide-gray-100 text-sm" data-testid="resellers-table">
                  <caption className="sr-only">{adminTexts.resellersTitle}</caption>
                  <thead>
                    <tr className="text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
                      {[adminTexts.colLogin, adminTexts.colName, adminTexts.colPool, adminTexts.colState, adminTexts.colCreated].map((label) => (
                        <th key={label} scope="col" className={cn(cell, 'py-2 whitespace-nowrap')}>{label}</th>
                      ))}
                      <th scope="col" className={cn(cell, 'py-2 text-right whitespace-nowrap')}>{managementTexts.actionsColumn}</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100">
                    {resellers.map((r) => {
                      const busy = busyId === r.id;
                      return (
                        <tr key={r.id} data-testid="reseller-row" data-login={r.usuario}>
                          <td className={cn(cell, 'font-medium whitespace-nowrap text-gray-900')}>{r.usuario}</td>
                          <td className={cn(cell, 'text-gray-700')}>{r.nome || <span className="text-gray-400">{managementTexts.noName}</span>}</td>
                          <td className={cn(cell, 'text-gray-700 tabular-nums')} data-testid="reseller-pool">
                            <span className="block whitespace-nowrap">{adminTexts.poolStreamingsUse({ used: formatNumber(r.pool.streamings), total: formatNumber(r.pool.max_streamings) })}</span>
                            <span className="block whitespace-nowrap">{adminTexts.poolViewersUse({ used: formatNumber(r.pool.espectadores_usados), total: formatNumber(r.pool.espectadores) })}</span>
                            <span className="block whitespace-nowrap">{adminTexts.poolStorageUse({ used: formatMegabytes(r.pool.espaco_usado), total: formatMegabytes(r.pool.espaco) })}</span>
                            <span className="block text-xs whitespace-nowrap text-gray-500">{adminTexts.poolStorageReal({ size: formatMegabytes(r.espaco_real) })}</span>
                          </td>
                          <td className={cell}>
                            <span data-testid="reseller-state" className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', r.suspensa ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800')}>
                              {r.suspensa ? managementTexts.stateSuspended : managementTexts.stateActive}
                            </span>
                          </td>
                          <td className={cn(cell, 'whitespace-nowrap text-gray-600')}><time dateTime={r.created_at}>{dateTime(r.created_at)}</time></td>
                          <td className={cn(cell, 'whitespace-nowrap text-right')}>
                            <div className="inline-flex items-center gap-1">
                              <button type="button" disabled={busy} onClick={() => setDialog({ kind: 'pool', reseller: r })} aria-label={managementTexts.editPlan({ login: r.usuario })} title={managementTexts.editPlan({ login: r.usuario })} className={cn(iconButton, 'hover:text-blue-600')}>
                                <Pencil className="h-4 w-4" aria-hidden="true" />
                              </button>
                              {r.suspensa ? (
                                <button type="button" disabled={busy} onClick={() => void setSuspended(r, false)} aria-label={managementTexts.reactivate({ login: r.usuario })} title={managementTexts.reactivate({ login: r.usuario })} className={cn(iconButton, 'hover:text-green-700')}>
                                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                                </button>
                              ) : (
                                <button type="button" disabled={busy} onClick={() => void setSuspended(r, true)} aria-label={managementTexts.suspend({ login: r.usuario })} title={managementTexts.suspend({ login: r.usuario })} className={cn(iconButton, 'hover:text-amber-700')}>
                                  <Ban className="h-4 w-4" aria-hidden="true" />
                                </button>
                              )}
                              <button type="button" disabled={busy} onClick={() => void remove(r)} aria-label={managementTexts.remove({ login: r.usuario })} title={managementTexts.remove({ login: r.usuario })} className={cn(iconButton, 'hover:text-red-600')}>
                                <Trash2 className="h-4 w-4" aria-hidden="true" />
                              </button>
                            </div>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </SectionCard>
          <ServersSection />
          <ApiKeysSection resellers={resellers} />
        </>
      )}
      {dialog?.kind === 'new' && (
        <NewResellerModal onClose={close} onCreated={(r, password) => setDialog(password ? { kind: 'generated', login: r.usuario, password } : null)} />
      )}
      {dialog?.kind === 'pool' && <PoolModal reseller={dialog.reseller} onClose={close} />}
      {dialog?.kind === 'generated' && <GeneratedPasswordModal login={dialog.login} password={dialog.password} onClose={close} />}
    </div>
  );
}
