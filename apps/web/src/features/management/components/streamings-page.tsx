import { useId, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from '@/lib/toast.ts';
import ListFilter from 'lucide-react/icons/list-filter';
import Plus from 'lucide-react/icons/plus';
import Users from 'lucide-react/icons/users';
import type { ManagedAccount } from '@painel/contract';
import { managementCatalogue } from '@/i18n/management.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useUser } from '@/lib/auth.ts';
import { enterPanel } from '@/lib/token.ts';
import { useServers } from '../api/servers.ts';
import { useDeleteStreaming, useSetSuspended, useStreamings, enterPanelOf } from '../api/streamings.ts';
import { nextSort, searchAccounts, sortAccounts, type Sort } from '../utils/streamings-view.ts';
import { GeneratedPasswordModal } from './generated-password-modal.tsx';
import { MoveModal } from './move-modal.tsx';
import { NewStreamingModal } from './new-streaming-modal.tsx';
import { PasswordModal } from './password-modal.tsx';
import { PlanModal } from './plan-modal.tsx';
import { PoolSummary } from './pool-summary.tsx';
import { StreamingsTable } from './streamings-table.tsx';
import { fieldClass } from './plan-fields.tsx';

type Dialog =
  | { kind: 'new' }
  | { kind: 'plan'; account: ManagedAccount }
  | { kind: 'password'; account: ManagedAccount }
  | { kind: 'move'; account: ManagedAccount }
  | { kind: 'generated'; login: string; password: string };

/**
 * /dashboard/streamings: a reseller's streamings (with its pool) or, for the operator, every
 * account; created, re-planned, given a new password, suspended, reactivated and deleted here.
 */
export function StreamingsPage() {
  const managementTexts = useTexts(managementCatalogue);
  const id = useId();
  const { data: user } = useUser();
  const servers = useServers({ enabled: user?.tipo === 'admin', live: false });
  const severalServers = (servers.data?.servidores.length ?? 0) > 1;
  const manages = user?.tipo === 'revenda' || user?.tipo === 'admin';
  const list = useStreamings();
  const suspension = useSetSuspended();
  const deletion = useDeleteStreaming();
  const confirm = useConfirm();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>({ key: 'criada', dir: 'desc' });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const all = list.data?.streamings;
  const shown = useMemo(() => (all ? sortAccounts(searchAccounts(all, search), sort) : []), [all, search, sort]);
  const pool = list.data?.pool ?? null;

  // a streaming account has no such page: back to its dashboard
  if (user && !manages) return <Navigate to="/dashboard" replace />;

  const close = () => setDialog(null);

  async function suspend(a: ManagedAccount) {
    const texts = textsNow(managementCatalogue);
    const question = a.tipo === 'revenda' ? texts.suspendConfirmRevenda({ login: a.usuario }) : texts.suspendConfirm({ login: a.usuario });
    if (!(await confirm(question))) return;
    setSuspended(a, true);
  }

  function setSuspended(a: ManagedAccount, suspended: boolean) {
    setBusyId(a.id);
    suspension.mutate({ id: a.id, suspended }, {
      onSuccess: () => {
        const texts = textsNow(managementCatalogue);
        toast.success(suspended ? texts.suspended({ login: a.usuario }) : texts.reactivated({ login: a.usuario }));
      },
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
      onSettled: () => setBusyId(null),
    });
  }

  async function remove(a: ManagedAccount) {
    const texts = textsNow(managementCatalogue);
    if (!(await confirm(texts.removeConfirm({ login: a.usuario })))) return;
    setBusyId(a.id);
    deletion.mutate(a.id, {
      onSuccess: () => toast.success(textsNow(managementCatalogue).removed({ login: a.usuario })),
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
      onSettled: () => setBusyId(null),
    });
  }

  /** Into the streaming's panel: its short session replaces the reseller's in this tab until 'voltar à revenda'. */
  async function enter(a: ManagedAccount) {
    setBusyId(a.id);
    try {
      const { token } = await enterPanelOf(a.id);
      enterPanel(token);
      // a fresh start in the streaming's session: nothing of the reseller's data stays on screen
      window.location.assign('/dashboard');
    } catch (err) {
      toast.error(errorMessage(err, textsNow(managementCatalogue).actionError));
      setBusyId(null);
    }
  }

  const newButton = (
    <Button onClick={() => setDialog({ kind: 'new' })} data-testid="new-streaming">
      <Plus className="h-4 w-4" aria-hidden="true" />
      {managementTexts.newStreaming}
    </Button>
  );

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={managementTexts.title} subtitle={user?.tipo === 'admin' ? managementTexts.subtitleOperator : managementTexts.subtitle} />
      {list.isPending || !user ? (
        <LoadingState />
      ) : list.isError && !list.data ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-5 py-4 text-sm text-red-800">
          {errorMessage(list.error, managementTexts.loadError)}
        </p>
      ) : (
        <>
          {pool && <PoolSummary pool={pool} />}
          <SectionCard
            title={managementTexts.listTitle}
            description={all && shown.length !== all.length ? managementTexts.shownSome({ n: shown.length, total: all.length }) : managementTexts.shownAll({ total: all?.length ?? 0 })}
            icon={Users}
            actions={newButton}
          >
            <div className="mb-4 max-w-md">
              <label htmlFor={`${id}-q`} className="mb-1 flex items-center gap-1.5 text-sm font-medium text-gray-700">
                <ListFilter className="h-4 w-4" aria-hidden="true" />
                {managementTexts.searchLabel}
              </label>
              <input id={`${id}-q`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={managementTexts.searchPlaceholder} className={fieldClass} />
            </div>
            {all?.length === 0 ? (
              <p className="py-6 text-center text-sm text-gray-500">{managementTexts.empty}</p>
            ) : shown.length === 0 ? (
              <p className="py-6 text-center text-sm text-gray-500">{managementTexts.noMatch}</p>
            ) : (
              <StreamingsTable
                accounts={shown}
                sort={sort}
                onSort={(key) => setSort((s) => nextSort(s, key))}
                actions={{
                  onEditPlan: (account) => setDialog({ kind: 'plan', account }),
                  onResetPassword: (account) => setDialog({ kind: 'password', account }),
                  onSuspend: (account) => void suspend(account),
                  onReactivate: (account) => setSuspended(account, false),
                  onDelete: (account) => void remove(account),
                  onEnter: (account) => void enter(account),
                  // moving needs somewhere to go: offered to the operator once the installation has a second server
                  ...(user?.tipo === 'admin' && severalServers ? { onMove: (account: ManagedAccount) => setDialog({ kind: 'move', account }) } : {}),
                  operator: user?.tipo === 'admin',
                  busyId,
                }}
              />
            )}
          </SectionCard>
        </>
      )}
      {dialog?.kind === 'new' && (
        <NewStreamingModal
          pool={pool}
          chooseServer={user?.tipo === 'admin'}
          onClose={close}
          onCreated={(account, password) => setDialog(password ? { kind: 'generated', login: account.usuario, password } : null)}
        />
      )}
      {dialog?.kind === 'plan' && <PlanModal account={dialog.account} pool={pool} onClose={close} />}
      {dialog?.kind === 'move' && <MoveModal account={dialog.account} onClose={close} />}
      {dialog?.kind === 'password' && (
        <PasswordModal
          account={dialog.account}
          onClose={close}
          onGenerated={(password) => setDialog({ kind: 'generated', login: dialog.account.usuario, password })}
        />
      )}
      {dialog?.kind === 'generated' && <GeneratedPasswordModal login={dialog.login} password={dialog.password} onClose={close} />}
    </div>
  );
}
