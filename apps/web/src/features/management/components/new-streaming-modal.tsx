import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { ManagedAccount, Pool } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { managementCatalogue } from '@/i18n/management.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useCreateStreaming } from '../api/streamings.ts';
import { remaining } from '../utils/streamings-view.ts';
import { PlanFields, planOf, type PlanDraft } from './plan-fields.tsx';
import { AccountFields, useAccountDraft } from './account-fields.tsx';
import { ServerSelect, serverChoiceOf } from './server-select.tsx';

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
  const commonTexts = useTexts(commonCatalogue);
  const formId = useId();
  const [account, setAccount] = useAccountDraft();
  const [plan, setPlan] = useState(() => initialPlan(pool));
  const [server, setServer] = useState('');
  const create = useCreateStreaming();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ ...account, ...planOf(plan), ...(chooseServer ? serverChoiceOf(server) : {}) }, {
      onSuccess: (answer) => {
        toast.success(textsNow(managementCatalogue).created({ login: answer.streaming.usuario }));
        onCreated(answer.streaming, answer.senha);
      },
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
    });
  }

  return (
    <Modal
      open
      size="lg"
      title={managementTexts.createTitle}
      onClose={onClose}
      closeButton={false}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{commonTexts.cancel}</Button>
          <Button type="submit" form={formId} disabled={create.isPending}>{create.isPending ? managementTexts.creating : managementTexts.create}</Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <AccountFields draft={account} onChange={setAccount} />
        {chooseServer && <ServerSelect value={server} onChange={setServer} />}
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-gray-900">{managementTexts.planLegend}</legend>
          <PlanFields draft={plan} onChange={setPlan} pool={pool} left={pool && remaining(pool)} />
        </fieldset>
      </form>
    </Modal>
  );
}
