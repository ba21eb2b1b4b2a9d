import { useId, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import type { ManagedAccount, Pool } from '@painel/contract';
import { managementCatalogue } from '@/i18n/management.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useCreateStreaming } from '../api/streamings.ts';
import { remaining } from '../utils/streamings-view.ts';
import { PlanFields, planOf, type PlanDraft } from './plan-fields.tsx';
import { AccountFields, useAccountDraft } from './account-fields.tsx';
import { ServerSelect, serverChoiceOf } from './server-select.tsx';
import { FormModal } from './form-modal.tsx';

/** A new streaming's plan to start from: the reseller's bitrate, and what is left of its pool within the usual defaults. */
function initialPlan(pool: Pool | null): PlanDraft {
  if (!pool) return { bitrate: '2500', espectadores: '100', espaco: '1000' };
  const left = remaining(pool);
  return {
    bitrate: String(Math.min(pool.bitrate, 2500) || pool.bitrate),
    espectadores: String(Math.min(left.espectadores, 100)),
    espaco: String(Math.min(left.espaco, 1000)),
  };
}

/**
 * 'Nova streaming': e-mail, login, name, password (empty: generated and handed to `onCreated`
 * to be shown once) and the plan, with what remains of the pool beside each limit.
 */
export function NewStreamingModal({ pool, chooseServer = false, onClose, onCreated }: {
  pool: Pool | null;
  /** The operator picks the server (default 'Automático'); a reseller's streamings are placed automatically. */
  chooseServer?: boolean;
  onClose: () => void;
  onCreated: (account: ManagedAccount, password: string | undefined) => void;
}) {
  const managementTexts = useTexts(managementCatalogue);
  const formId = useId();
  const [account, setAccount] = useAccountDraft();
  const [plan, setPlan] = useState(() => initialPlan(pool));
  const [server, setServer] = useState('');
  const create = useCreateStreaming();

  function onSubmit() {
    create.mutate({ ...account, ...planOf(plan), ...(chooseServer ? serverChoiceOf(server) : {}) }, {
      onSuccess: (answer) => {
        toast.success(textsNow(managementCatalogue).created({ login: answer.streaming.usuario }));
        onCreated(answer.streaming, answer.senha);
      },
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
    });
  }

  return (
    <FormModal
      formId={formId}
      title={managementTexts.createTitle}
      size="lg"
      onClose={onClose}
      onSubmit={onSubmit}
      pending={create.isPending}
      submitLabel={managementTexts.create}
      pendingLabel={managementTexts.creating}
      formClassName="space-y-4"
    >
      <AccountFields draft={account} onChange={setAccount} />
      {chooseServer && <ServerSelect value={server} onChange={setServer} />}
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-gray-900">{managementTexts.planLegend}</legend>
        <PlanFields draft={plan} onChange={setPlan} pool={pool} left={pool && remaining(pool)} />
      </fieldset>
    </FormModal>
  );
}
