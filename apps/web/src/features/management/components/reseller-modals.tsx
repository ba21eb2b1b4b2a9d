import { useId, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import type { ResellerSummary } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { managementCatalogue } from '@/i18n/management.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useCreateReseller, useUpdatePool } from '../api/admin.ts';
import { fieldClass } from './plan-fields.tsx';
import { AccountFields, useAccountDraft } from './account-fields.tsx';
import { ServerSelect, serverChoiceOf } from './server-select.tsx';
import { FormModal } from './form-modal.tsx';

/** A reseller's pool as typed: text, so a field may be empty while it is edited. */
interface PoolDraft {
  streamings: string;
  bitrate: string;
  espectadores: string;
  espaco: string;
}

const POOL_KEYS = ['streamings', 'bitrate', 'espectadores', 'espaco'] as const;

/** The typed pool as numbers; a field that is not a whole number is refused by the server in the user's language. */
const poolOf = (d: PoolDraft) => ({ streamings: Number(d.streamings), bitrate: Number(d.bitrate), espectadores: Number(d.espectadores), espaco: Number(d.espaco) });

/** How many streamings, the most bitrate one of them may have, and the viewers and storage the reseller hands out. */
function PoolFields({ draft, onChange }: { draft: PoolDraft; onChange: (next: PoolDraft) => void }) {
  const adminTexts = useTexts(managementCatalogue).admin;
  const id = useId();
  const labels: Record<(typeof POOL_KEYS)[number], string> = {
    streamings: adminTexts.streamingsLabel,
    bitrate: adminTexts.bitrateMaxLabel,
    espectadores: adminTexts.viewersPoolLabel,
    espaco: adminTexts.storagePoolLabel,
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {POOL_KEYS.map((key) => (
        <div key={key}>
          <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium text-gray-700">{labels[key]}</label>
          <input
            id={`${id}-${key}`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            value={draft[key]}
            onChange={(e) => onChange({ ...draft, [key]: e.target.value })}
            className={fieldClass}
          />
        </div>
      ))}
    </div>
  );
}

/**
 * 'Nova revenda': e-mail, login, name, password (empty: generated and handed to `onCreated` to
 * be shown once) and its pool.
 */
export function NewResellerModal({ onClose, onCreated }: {
  onClose: () => void;
  onCreated: (reseller: ResellerSummary, password: string | undefined) => void;
}) {
  const managementTexts = useTexts(managementCatalogue);
  const adminTexts = managementTexts.admin;
  const formId = useId();
  const [account, setAccount] = useAccountDraft();
  const [pool, setPool] = useState<PoolDraft>({ streamings: '10', bitrate: '2500', espectadores: '1000', espaco: '10000' });
  const [server, setServer] = useState('');
  const create = useCreateReseller();

  function onSubmit() {
    create.mutate({ ...account, ...poolOf(pool), ...serverChoiceOf(server) }, {
      onSuccess: (answer) => {
        toast.success(textsNow(managementCatalogue).admin.created({ login: answer.revenda.usuario }));
        onCreated(answer.revenda, answer.senha);
      },
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
    });
  }

  return (
    <FormModal
      formId={formId}
      title={adminTexts.createTitle}
      size="lg"
      onClose={onClose}
      onSubmit={onSubmit}
      pending={create.isPending}
      submitLabel={adminTexts.create}
      pendingLabel={managementTexts.creating}
      formClassName="space-y-4"
    >
      <AccountFields draft={account} onChange={setAccount} />
      <ServerSelect value={server} onChange={setServer} />
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-gray-900">{adminTexts.poolLegend}</legend>
        <PoolFields draft={pool} onChange={setPool} />
      </fieldset>
    </FormModal>
  );
}

/** 'Editar plano' of a reseller: never below what its streamings use (the server's refusal is shown and the dialog stays open). */
export function PoolModal({ reseller, onClose }: { reseller: ResellerSummary; onClose: () => void }) {
  const managementTexts = useTexts(managementCatalogue);
  const adminTexts = managementTexts.admin;
  const commonTexts = useTexts(commonCatalogue);
  const formId = useId();
  const [draft, setDraft] = useState<PoolDraft>(() => ({
    streamings: String(reseller.pool.max_streamings), bitrate: String(reseller.pool.bitrate),
    espectadores: String(reseller.pool.espectadores), espaco: String(reseller.pool.espaco),
  }));
  const update = useUpdatePool();

  function onSubmit() {
    update.mutate({ id: reseller.id, pool: poolOf(draft) }, {
      onSuccess: () => {
        toast.success(textsNow(managementCatalogue).admin.poolSaved({ login: reseller.usuario }));
        onClose();
      },
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
    });
  }

  return (
    <FormModal
      formId={formId}
      title={adminTexts.poolTitle({ login: reseller.usuario })}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={update.isPending}
      submitLabel={commonTexts.save}
      pendingLabel={managementTexts.saving}
      formClassName="space-y-3"
    >
      <p className="text-sm text-gray-600">{adminTexts.poolHint}</p>
      <PoolFields draft={draft} onChange={setDraft} />
    </FormModal>
  );
}
