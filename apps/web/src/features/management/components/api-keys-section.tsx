import { useId, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import KeyRound from 'lucide-react/icons/key-round';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import type { ApiKeyInfo, ResellerSummary } from '@painel/contract';
import { managementCatalogue } from '@/i18n/management.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/admin.ts';
import { fieldClass } from './plan-fields.tsx';
import { ShownOnceModal } from './generated-password-modal.tsx';
import { FormModal } from './form-modal.tsx';

const cell = 'px-3 py-2.5 first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';

/** 'Nova chave de API': a name and a scope (the whole installation or one reseller). */
function NewKeyModal({ resellers, onClose, onCreated }: {
  resellers: readonly ResellerSummary[];
  onClose: () => void;
  onCreated: (key: ApiKeyInfo, secret: string) => void;
}) {
  const adminTexts = useTexts(managementCatalogue).admin;
  const managementTexts = useTexts(managementCatalogue);
  const formId = useId();
  const [name, setName] = useState('');
  const [revenda, setRevenda] = useState('');
  const create = useCreateApiKey();

  function onSubmit() {
    create.mutate({ name, ...(revenda ? { revenda } : {}) }, {
      onSuccess: (answer) => onCreated(answer.key, answer.secret),
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
    });
  }

  return (
    <FormModal
      formId={formId}
      title={adminTexts.keyCreateTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={create.isPending}
      submitLabel={adminTexts.keyCreate}
      pendingLabel={managementTexts.creating}
      formClassName="space-y-4"
    >
      <div>
        <label htmlFor={`${formId}-name`} className="mb-1 block text-sm font-medium text-gray-700">{adminTexts.keyNameLabel}</label>
        <input id={`${formId}-name`} required maxLength={64} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} aria-describedby={`${formId}-name-hint`} className={fieldClass} />
        <p id={`${formId}-name-hint`} className="mt-1 text-xs text-gray-500">{adminTexts.keyNameHint}</p>
      </div>
      <div>
        <label htmlFor={`${formId}-scope`} className="mb-1 block text-sm font-medium text-gray-700">{adminTexts.keyScopeLabel}</label>
        <select id={`${formId}-scope`} value={revenda} onChange={(e) => setRevenda(e.target.value)} className={fieldClass}>
          <option value="">{adminTexts.scopeAll}</option>
          {resellers.map((r) => <option key={r.id} value={r.usuario}>{adminTexts.scopeReseller({ login: r.usuario })}</option>)}
        </select>
      </div>
    </FormModal>
  );
}

/** A new key, shown this once: only its hash is kept. */
function CreatedKeyModal({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  const adminTexts = useTexts(managementCatalogue).admin;
  return (
    <ShownOnceModal
      title={adminTexts.keyShownTitle}
      intro={adminTexts.keyShownFor({ name })}
      value={secret}
      item={adminTexts.keyItem}
      warning={adminTexts.keyWarning}
      testId="created-api-key"
      onClose={onClose}
    />
  );
}

/** 'Chaves de API': the billing systems' keys (name, prefix, scope, created, last use, revoked), created and revoked here. */
export function ApiKeysSection({ resellers }: { resellers: readonly ResellerSummary[] }) {
  const managementTexts = useTexts(managementCatalogue);
  const adminTexts = managementTexts.admin;
  const { dateTime } = useDateTimeFormat();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'created'; name: string; secret: string } | null>(null);

  async function revokeKey(key: ApiKeyInfo) {
    if (!(await confirm(textsNow(managementCatalogue).admin.revokeConfirm({ name: key.name })))) return;
    revoke.mutate(key.id, {
      onSuccess: () => toast.success(textsNow(managementCatalogue).admin.keyRevoked({ name: key.name })),
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
    });
  }

  const list = keys.data?.keys;
  return (
    <SectionCard
      title={adminTexts.keysTitle}
      description={adminTexts.keysDescription}
      icon={KeyRound}
      actions={
        <Button onClick={() => setDialog({ kind: 'new' })} data-testid="new-api-key">
          <Plus className="h-4 w-4" aria-hidden="true" />
          {adminTexts.newKey}
        </Button>
      }
    >
      {keys.isPending ? (
        <LoadingState />
      ) : keys.isError && !list ? (
        <p role="alert" className="text-sm text-red-700">{errorMessage(keys.error, adminTexts.keysLoadError)}</p>
      ) : !list || list.length === 0 ? (
        <p className="py-6 text-center text-sm text-gray-500">{adminTexts.keysEmpty}</p>
      ) : (
        <div tabIndex={0} role="group" aria-label={adminTexts.keysTitle} className="-mx-5 overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-500 sm:-mx-6">
          <table className="min-w-full divide-y divide-gray-100 text-sm" data-testid="api-keys-table">
            <caption className="sr-only">{adminTexts.keysTitle}</caption>
            <thead>
              <tr className="text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
                {[adminTexts.keyColName, adminTexts.keyColPrefix, adminTexts.keyColScope, adminTexts.keyColCreated, adminTexts.keyColLastUse, adminTexts.keyColState].map((label) => (
                  <th key={label} scope="col" className={cn(cell, 'py-2 whitespace-nowrap')}>{label}</th>
                ))}
                <th scope="col" className={cn(cell, 'py-2 text-right whitespace-nowrap')}>{managementTexts.actionsColumn}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {list.map((k) => (
                <tr key={k.id} data-testid="api-key-row" data-name={k.name}>
                  <td className={cn(cell, 'font-medium text-gray-900')}>{k.name}</td>
                  <td className={cn(cell, 'font-mono whitespace-nowrap text-gray-700')}>pk_{k.prefix}_…</td>
                  <td className={cn(cell, 'text-gray-700')}>{k.revenda ? adminTexts.scopeReseller({ login: k.revenda }) : adminTexts.scopeAll}</td>
                  <td className={cn(cell, 'whitespace-nowrap text-gray-600')}><time dateTime={k.created_at}>{dateTime(k.created_at)}</time></td>
                  <td className={cn(cell, 'whitespace-nowrap text-gray-600')}>
                    {k.last_used_at ? <time dateTime={k.last_used_at}>{dateTime(k.last_used_at)}</time> : adminTexts.neverUsed}
                  </td>
                  <td className={cell} data-testid="api-key-state">
                    {k.revoked_at
                      ? <span className="inline-flex rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800">{adminTexts.keyRevokedAt({ date: dateTime(k.revoked_at) })}</span>
                      : <span className="inline-flex rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">{adminTexts.keyActive}</span>}
                  </td>
                  <td className={cn(cell, 'text-right whitespace-nowrap')}>
                    {!k.revoked_at && (
                      <button
                        type="button"
                        disabled={revoke.isPending}
                        onClick={() => void revokeKey(k)}
                        aria-label={adminTexts.revokeKey({ name: k.name })}
                        title={adminTexts.revokeKey({ name: k.name })}
                        className="inline-flex h-8 w-8 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:opacity-50"
                      >
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialog?.kind === 'new' && (
        <NewKeyModal resellers={resellers} onClose={() => setDialog(null)} onCreated={(key, secret) => setDialog({ kind: 'created', name: key.name, secret })} />
      )}
      {dialog?.kind === 'created' && <CreatedKeyModal name={dialog.name} secret={dialog.secret} onClose={() => setDialog(null)} />}
    </SectionCard>
  );
}
