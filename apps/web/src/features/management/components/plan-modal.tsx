import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { ManagedAccount, Pool } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { managementCatalogue } from '@/i18n/management.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useUpdatePlan } from '../api/streamings.ts';
import { remaining } from '../utils/streamings-view.ts';
import { PlanFields, planDraftOf, planOf } from './plan-fields.tsx';

/** 'Editar plano': bitrate, viewers and storage within what the pool has left; a refusal is shown and the dialog stays open. */
export function PlanModal({ account, pool, onClose }: { account: ManagedAccount; pool: Pool | null; onClose: () => void }) {
  const managementTexts = useTexts(managementCatalogue);
  const commonTexts = useTexts(commonCatalogue);
  const formId = useId();
  const [draft, setDraft] = useState(() => planDraftOf(account));
  const update = useUpdatePlan();
  // a reseller's streaming counts its own plan back in; the operator's accounts have no pool
  const ownPool = pool && account.revenda_id !== null ? pool : null;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    update.mutate({ id: account.id, plan: planOf(draft) }, {
      onSuccess: () => {
        toast.success(textsNow(managementCatalogue).planSaved({ login: account.usuario }));
        onClose();
      },
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
    });
  }

  return (
    <Modal
      open
      title={managementTexts.planTitle({ login: account.usuario })}
      onClose={onClose}
      closeButton={false}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{commonTexts.cancel}</Button>
          <Button type="submit" form={formId} disabled={update.isPending}>{update.isPending ? managementTexts.saving : commonTexts.save}</Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <PlanFields draft={draft} onChange={setDraft} pool={ownPool} left={ownPool && remaining(ownPool, account)} storageUsed={account.espaco_usado} />
      </form>
    </Modal>
  );
}
