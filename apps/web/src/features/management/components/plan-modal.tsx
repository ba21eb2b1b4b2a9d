import { useId, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import type { ManagedAccount, Pool } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { managementCatalogue } from '@/i18n/management.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useUpdatePlan } from '../api/streamings.ts';
import { remaining } from '../utils/streamings-view.ts';
import { PlanFields, planDraftOf, planOf } from './plan-fields.tsx';
import { FormModal } from './form-modal.tsx';

/** 'Editar plano': bitrate, viewers and storage within what the pool has left; a refusal is shown and the dialog stays open. */
export function PlanModal({ account, pool, onClose }: { account: ManagedAccount; pool: Pool | null; onClose: () => void }) {
  const managementTexts = useTexts(managementCatalogue);
  const commonTexts = useTexts(commonCatalogue);
  const formId = useId();
  const [draft, setDraft] = useState(() => planDraftOf(account));
  const update = useUpdatePlan();
  // a reseller's streaming counts its own plan back in; the operator's accounts have no pool
  const ownPool = pool && account.revenda_id !== null ? pool : null;

  function onSubmit() {
    update.mutate({ id: account.id, plan: planOf(draft) }, {
      onSuccess: () => {
        toast.success(textsNow(managementCatalogue).planSaved({ login: account.usuario }));
        onClose();
      },
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
    });
  }

  return (
    <FormModal
      formId={formId}
      title={managementTexts.planTitle({ login: account.usuario })}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={update.isPending}
      submitLabel={commonTexts.save}
      pendingLabel={managementTexts.saving}
    >
      <PlanFields draft={draft} onChange={setDraft} pool={ownPool} left={ownPool && remaining(ownPool, account)} storageUsed={account.espaco_usado} />
    </FormModal>
  );
}
